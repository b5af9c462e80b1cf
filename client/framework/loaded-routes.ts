import { matchRoutes, type RouteObject } from 'react-router';

/** The route table to hydrate with, and why a matched route's module could not load. */
export interface LoadedRoutes {
  routes: RouteObject[];
  failure?: { error: unknown };
}

/**
 * The route table with the routes matching `path` loaded: their `lazy` (a function, as
 * client/app/routes.tsx writes each page's) called before the router exists, and its
 * result written into a copy of each such route; every other route keeps its `lazy`, which the
 * router calls when a navigation first needs it. React Router starts a router whose matches
 * include a `lazy` route uninitialised, even with hydration data, and then runs those routes'
 * loaders again: hydration would render a fallback instead of the server's HTML and ask the API a
 * second time (loaded-routes.test.ts holds React Router to that, and to the way out used here).
 *
 * When a module cannot load, the matched routes are given without their `lazy` and without what
 * it would have brought (they render nothing), and `failure` holds the error for the layout's
 * error boundary. The table given is never changed.
 */
export async function loadMatchedRoutes(routes: RouteObject[], path: string): Promise<LoadedRoutes> {
  const lazyMatches = (matchRoutes(routes, path) ?? []).filter((match) => typeof match.route.lazy === 'function');
  const results = await Promise.allSettled(lazyMatches.map((match) => (match.route.lazy as () => Promise<Partial<RouteObject>>)()));
  const rejected = results.find((result) => result.status === 'rejected');
  const loaded = new Map<RouteObject, Partial<RouteObject>>();
  lazyMatches.forEach((match, i) => {
    const result = results[i];
    loaded.set(match.route, !rejected && result.status === 'fulfilled' ? result.value : {});
  });
  return { routes: withLoaded(routes, loaded), ...(rejected ? { failure: { error: rejected.reason } } : {}) };
}

/** A copy of the branches holding a loaded route; the other routes are the same objects. */
function withLoaded(routes: RouteObject[], loaded: Map<RouteObject, Partial<RouteObject>>): RouteObject[] {
  let changed = false;
  const copy = routes.map((route) => {
    const children = route.children && withLoaded(route.children, loaded);
    const module = loaded.get(route);
    if (!module && children === route.children) return route;
    changed = true;
    return { ...route, ...(module ? { ...module, lazy: undefined } : {}), children } as RouteObject;
  });
  return changed ? copy : routes;
}
