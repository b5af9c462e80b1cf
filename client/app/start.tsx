import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { connectApiClientToRouter } from '../api/api-client';
import { hydrationState } from '../framework/hydration-data';
import { loadMatchedRoutes } from '../framework/loaded-routes';
import { browserI18nFor, ensureLanguage } from '../framework/language-loader';
import { DOCUMENT_SECTIONS } from '../framework/page-sections';
import { createRoutes, languageRoutes, ROOT_ROUTE_ID } from './routes';
import { languageFromPath, type Language } from '../../shared/languages';
import { layoutOf } from '../framework/route-handle';
import { requestContext, type BrowserRequest } from '../framework/request-context';
import { RuntimeProvider, type BootData, type Runtime } from '../framework/runtime';
import { setChunkReloadTarget } from '../platform/chunk-reload';
import { afterNextPaint, nextTask, whenIdle } from '../framework/tasks';

declare global {
  interface Window {
    __APP__: BootData;
  }
}

/** The layout route that shows errors for the page on screen (marked by its `handle`). */
function layoutRouteId(routes: RouteObject[]): string {
  const matches = matchRoutes(routes, window.location) ?? [];
  return matches.find((match) => layoutOf(match.route))?.route.id ?? ROOT_ROUTE_ID;
}

/**
 * The app itself: the router, the page's module and texts, hydration and the browser's services.
 * Called by client/app/entry.tsx once React is compiled and running. Importing this module
 * runs nothing: every module the app loads later imports it too (build.mjs, `afterStart`), so that
 * the modules of its graph are one chunk.
 */
export async function startApp(): Promise<void> {
  // Each step below in a task of its own (issue 35): this module's evaluation, matching the
  // routes, creating the router, hydrating.
  await nextTask();
  const boot = window.__APP__;
  // The page's own language only; another's branch is added when a navigation first needs it.
  const first = languageFromPath(window.location.pathname);
  const branches = new Set<Language>([first]);
  // The document's texts and the page's (its `lazy` loads its module and its text sections),
  // all preloaded by the server: hydration must render exactly the server's text.
  const [, { routes, failure }] = await Promise.all([
    ensureLanguage(boot.lang, DOCUMENT_SECTIONS),
    loadMatchedRoutes(createRoutes({ languages: [first] }), window.location.pathname),
  ]);
  await nextTask();
  const deferredIds = new WeakMap<object, string>();
  let hydrationData = hydrationState(window.__ROUTER_STATE__, deferredIds);
  if (failure) {
    // The page's chunk failed twice within the guard (see platform/chunk-reload): show the 500
    // page with Try Again instead of a page that looks alive but does nothing.
    hydrationData = { ...hydrationData, errors: { [layoutRouteId(routes)]: failure.error } };
  }
  const request: BrowserRequest = { side: 'browser', streamAfterMs: boot.config.streamAfterMs };
  const router = createBrowserRouter(routes, {
    hydrationData,
    getContext: () => requestContext(request),
    // A path the table does not match yet (or matches only by a not-found route) is offered here
    // first: its language's branch joins the table once, and the router matches again.
    patchRoutesOnNavigation: ({ path, patch, signal }) => {
      const lang = languageFromPath(path);
      // An interrupted navigation patches nothing: the next one that needs the branch adds it.
      if (branches.has(lang) || signal.aborted) return;
      branches.add(lang);
      patch(ROOT_ROUTE_ID, [languageRoutes(lang)]);
    },
  });
  connectApiClientToRouter(router);
  setChunkReloadTarget(() => router.state.navigation.location);
  const runtime: Runtime = {
    config: boot.config,
    i18nFor: browserI18nFor,
    nonce: '',
    stylesheets: boot.stylesheets,
    deferredIds,
    year: boot.year,
    ...(boot.choice ? { choice: boot.choice } : {}),
  };
  // The server's HTML is already on screen (this module is only loaded after the first paint,
  // shared/boot-modules.ts); hydration still waits for the next frame, so that the layout the
  // modules' arrival may have touched is painted before React holds the main thread.
  await afterNextPaint();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (a cheap phone stays responsive to the first tap).
  startTransition(() => {
    hydrateRoot(
      document,
      <RuntimeProvider value={runtime}>
        <RouterProvider router={router} />
      </RuntimeProvider>,
    );
  });
  // Colour-mode listener, build-update checks and analytics: none is needed for the first paint or
  // the first tap, so their modules load and start when the browser is first idle (issue 35).
  whenIdle(() => {
    void import('./browser-services').then(({ startBrowserServices }) => startBrowserServices(boot, router));
  }, 2_000);
}
