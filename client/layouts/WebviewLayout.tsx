import { Outlet } from 'react-router';

/** For pages embedded in a mobile app's web view: no header, footer or navigation. */
export function WebviewLayout() {
  return (
    <div className="layout layout--webview">
      <main id="main" className="webview-main">
        <Outlet />
      </main>
    </div>
  );
}
