import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserI18nFor, ensureLanguage } from './language-loader';
import { createRoutes } from './routes';
import { RuntimeProvider, type BootData, type Runtime } from './runtime';
import { startBrowserServices } from './platform/browser-services';
import './styles/app.css';

declare global {
  interface Window {
    __APP__: BootData;
  }
}

/**
 * Resolves the lazy modules of the routes on screen before the router exists: a router created
 * with unresolved lazy matches starts uninitialised and hydration fails.
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((match) => match.route.lazy)
      .map(async (match) => {
        const lazy = match.route.lazy as () => Promise<Partial<RouteObject>>;
        const module = await lazy();
        Object.assign(match.route, { ...module, lazy: undefined });
      }),
  );
}

async function main(): Promise<void> {
  const boot = window.__APP__;
  const routes = createRoutes();
  await Promise.all([ensureLanguage(boot.lang), resolveLazyMatches(routes)]);
  const router = createBrowserRouter(routes);
  const runtime: Runtime = {
    config: boot.config,
    i18nFor: browserI18nFor,
    nonce: '',
    stylesheets: boot.stylesheets,
    modulePreloads: [],
  };
  hydrateRoot(
    document,
    <RuntimeProvider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  );
  startBrowserServices(boot, router);
}

void main();
