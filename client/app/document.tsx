import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { I18nextProvider } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LANGUAGE_TAG, languageFromPath, type Language } from '../../shared/languages';
import { RouteErrorPage } from '../components/ErrorPage';
import { NavigationScroll } from '../components/NavigationScroll';
import { loadRestOfLanguageWhenIdle } from '../framework/language-loader';
import { useRuntime } from '../framework/runtime';
import { AppToastContainer } from '../platform/toast';
import { useIdleAfterHydration } from '../components/use-hydrated';
import { useTranslation } from 'react-i18next';
import { providedI18n } from '../framework/i18n';

/**
 * The whole HTML document, rendered by React on the server and hydrated in the browser
 * (react-helmet-async v3 relies on React 19 hoisting its tags into this <head>).
 */
function DocumentShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const runtime = useRuntime();
  const lang = languageFromPath(pathname);
  return (
    // The head script (the server's: server/site/render/head-script.ts) sets data-theme, data-colour-mode and, inside Telegram, data-shell before hydration.
    <html lang={LANGUAGE_TAG[lang]} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no" />
        <meta name="color-scheme" content="light dark" />
        <script nonce={runtime.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: runtime.headScript ?? '' }} />
        {runtime.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* A PNG, not the SVG it is drawn from: Chromium draws an SVG icon as a document of its own (build.mjs). */}
        <link rel="icon" href="/favicon.png" type="image/png" sizes="96x96" />
        <link rel="manifest" href="/site.webmanifest" />
      </head>
      <body>
        <I18nextProvider i18n={providedI18n(runtime.i18nFor(lang))}>
          <HelmetProvider>{children}</HelmetProvider>
          <Toasts />
          <IdleBookingAnnouncer />
          <HydrationMarker />
          <RestOfTexts lang={lang} />
          <NavigationScroll />
        </I18nextProvider>
      </body>
    </html>
  );
}

/** The one toast container of the site, named in the page's language. */
function Toasts() {
  const { t } = useTranslation();
  return <AppToastContainer label={t('common.notifications')} />;
}

// The booking's warnings (BookingAnnouncer.tsx) and the token code they read are their own chunk:
// no first paint needs them, and they were 3.9 kB gzip of the first load of / (issue 52).
const BookingAnnouncer = lazy(() =>
  import('../features/booking/BookingAnnouncer').then((module) => ({ default: module.BookingAnnouncer })),
);

/**
 * The booking's warnings, mounted when the browser is idle after hydration, as the toast container
 * that shows them is (client/platform/toast.tsx): a warning said earlier would wait for it anyway.
 */
function IdleBookingAnnouncer() {
  if (!useIdleAfterHydration()) return null;
  return (
    <Suspense fallback={null}>
      <BookingAnnouncer />
    </Suspense>
  );
}

/** Marks the document once React has hydrated it (browser tests and the build-update check wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
  }, []);
  return null;
}

/**
 * After hydration, and after each switch of language, the rest of the language's texts when
 * the browser is idle (client/framework/language-loader.ts): the page's own sections are already loaded.
 */
function RestOfTexts({ lang }: { lang: Language }) {
  useEffect(() => loadRestOfLanguageWhenIdle(lang), [lang]);
  return null;
}

export function Document() {
  return (
    <DocumentShell>
      <Outlet />
    </DocumentShell>
  );
}

/** Last resort when even a layout fails: the error page without the site's chrome. */
export function DocumentError() {
  return (
    <DocumentShell>
      <main id="main" className="site-main">
        <RouteErrorPage />
      </main>
    </DocumentShell>
  );
}
