import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from '../../components/Footer';
import { Header } from '../../components/Header';
import { RouteErrorPage } from '../../components/ErrorPage';
import { HydrationBoundary } from '../../components/HydrationBoundary';

/** Header with navigation, language and colour-mode switches; the page; footer. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--default">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <HydrationBoundary>
        <Footer />
      </HydrationBoundary>
    </div>
  );
}

/** Errors of any page are shown inside the default layout. */
export function DefaultLayoutError() {
  return (
    <DefaultLayout>
      <RouteErrorPage />
    </DefaultLayout>
  );
}
