/** The layouts a page renders in: the site's chrome, or the bare one of the app's webview. */
export type Layout = 'default' | 'webview';

/** What a route of client/app/routes.tsx says about itself in its `handle`. */
export interface RouteHandle {
  /** Set on a layout route: the route whose error boundary shows its pages' errors. */
  layout?: Layout;
}

const LAYOUTS: readonly string[] = ['default', 'webview'] satisfies Layout[];

/** The layout a route is, read from its `handle`; null for any other route. */
export function layoutOf(route: { handle?: unknown }): Layout | null {
  const layout = (route.handle as RouteHandle | null | undefined)?.layout;
  return typeof layout === 'string' && LAYOUTS.includes(layout) ? (layout as Layout) : null;
}
