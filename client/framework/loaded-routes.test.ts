import { createMemoryRouter, type RouteObject } from 'react-router';
import { loadMatchedRoutes } from './loaded-routes';

// What loadMatchedRoutes exists for is React Router's own behaviour: the first test fails if an
// upgrade starts a router with a lazy match, given hydration data, as initialised (the module
// would then no longer be needed). The others hold the way out to what hydration needs.

const calls: string[] = [];
const hydrationData = { loaderData: { page: 'from the server' } };

function table({ failing = false } = {}): RouteObject[] {
  const page = async () => {
    calls.push('page module');
    if (failing) throw new Error('chunk failed');
    return { loader: () => (calls.push('page loader'), 'fresh'), Component: () => null };
  };
  const other = async () => (calls.push('other module'), { Component: () => null });
  return [
    {
      id: 'root',
      path: '/',
      Component: () => null,
      ErrorBoundary: () => null,
      children: [
        { id: 'page', path: 'page', lazy: page },
        { id: 'other', path: 'other', lazy: other },
      ],
    },
  ];
}

const settled = (router: ReturnType<typeof createMemoryRouter>) =>
  new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe((state) => state.initialized && resolve())));

beforeEach(() => {
  calls.length = 0;
});

describe('routes loaded before hydration', () => {
  it('are needed: React Router starts a router with a lazy match uninitialised and runs its loader again', async () => {
    const router = createMemoryRouter(table(), { initialEntries: ['/page'], hydrationData });
    expect(router.state.initialized).toBe(false);
    await settled(router);
    expect(calls).toEqual(['page module', 'page loader']);
    expect(router.state.loaderData.page).toBe('fresh');
    router.dispose();
  });

  it('let the router start with the server’s data, running no loader; a page not on screen stays lazy', async () => {
    const routes = table();
    const loaded = await loadMatchedRoutes(routes, '/page');
    expect(loaded.failure).toBeUndefined();
    const router = createMemoryRouter(loaded.routes, { initialEntries: ['/page'], hydrationData });
    expect(router.state.initialized).toBe(true);
    expect(router.state.loaderData.page).toBe('from the server');
    expect(calls).toEqual(['page module']);
    // The table given is left as it was.
    expect(routes[0].children?.[0].lazy).toBeInstanceOf(Function);
    await router.navigate('/other');
    expect(calls).toEqual(['page module', 'other module']);
    router.dispose();
  });

  it('give the failure, and the matched routes without their lazy, when a module cannot load', async () => {
    const loaded = await loadMatchedRoutes(table({ failing: true }), '/page');
    expect(loaded.failure).toEqual({ error: new Error('chunk failed') });
    const errors = { root: loaded.failure?.error };
    const router = createMemoryRouter(loaded.routes, { initialEntries: ['/page'], hydrationData: { loaderData: {}, errors } });
    expect(router.state.initialized).toBe(true);
    expect(router.state.errors).toEqual(errors);
    expect(calls).toEqual(['page module']);
    router.dispose();
  });

  it('are the same table when nothing matched is lazy', async () => {
    const routes = table();
    expect((await loadMatchedRoutes(routes, '/')).routes).toBe(routes);
  });
});
