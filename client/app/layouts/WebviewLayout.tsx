import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { RouteErrorPage } from '../../components/ErrorPage';

/** For pages embedded in a mobile app's web view: no header, footer or navigation. */
export function WebviewLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="layout layout--webview">
      <main id="main" className="webview-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

/** Inside the app's web view an error keeps that layout: the site's header would look foreign there. */
export function WebviewLayoutError() {
  return (
    <WebviewLayout>
      <RouteErrorPage />
    </WebviewLayout>
  );
}
