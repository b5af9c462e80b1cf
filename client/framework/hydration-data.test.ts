import { createMemoryRouter, createStaticHandler, data, type RouteObject } from 'react-router';
import { errorStatus, hydrationState, serializeRouterState, ServerErrorResponse } from './hydration-data';

// The server's router state travels to the browser as JSON of our own and reaches React Router
// through its public `hydrationData` option. What these tests hold React Router to: a router given
// hydrationData renders the loaders' data and errors as given, and runs no loader that has either.

const loaderCalls: string[] = [];
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: () => (loaderCalls.push('root'), { lang: 'en' }),
    ErrorBoundary: () => null,
    children: [
      {
        id: 'missing',
        path: 'missing',
        loader: () => (loaderCalls.push('missing'), Promise.reject(data(null, { status: 404, statusText: 'Not here' }))),
      },
      {
        id: 'broken',
        path: 'broken',
        loader: () => (loaderCalls.push('broken'), Promise.reject(new Error('SELECT * failed at db.ts:12'))),
      },
      { id: 'slow', path: 'slow', loader: () => (loaderCalls.push('slow'), { fast: 1, late: new Promise(() => undefined) }) },
    ],
  },
];
const handler = createStaticHandler(routes);

/** The server's state for a path, through JSON as the boot script carries it. */
async function served(path: string, showDetails = false) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected response');
  return JSON.parse(JSON.stringify(serializeRouterState(context, new WeakMap(), showDetails, () => undefined)));
}

/** A browser router hydrating that state at that path. */
function hydrated(path: string, state: ReturnType<typeof hydrationState>) {
  loaderCalls.length = 0;
  return createMemoryRouter(routes, { initialEntries: [path], hydrationData: state });
}

describe('the router state handed to the browser', () => {
  it('brings a thrown 404 back as its status, shown by the same boundary, without running a loader', async () => {
    const router = hydrated('/missing', hydrationState(await served('/missing'), new WeakMap()));
    expect(router.state.initialized).toBe(true);
    expect(loaderCalls).toEqual([]);
    const error = router.state.errors?.root;
    expect(error).toBeInstanceOf(ServerErrorResponse);
    expect(errorStatus(error)).toBe(404);
    expect(router.state.loaderData.root).toEqual({ lang: 'en' });
    router.dispose();
  });

  it('keeps an error’s message on the server outside development, and sends it in development', async () => {
    const quiet = hydrationState(await served('/broken'), new WeakMap());
    expect(quiet?.errors?.root).toEqual(new Error('Unexpected Server Error'));
    expect(errorStatus(quiet?.errors?.root)).toBe(500);
    const told = hydrationState(await served('/broken', true), new WeakMap());
    expect(told?.errors?.root).toEqual(new Error('SELECT * failed at db.ts:12'));
  });

  it('gives every loader’s data as it was, a part still streaming as a promise of its id', async () => {
    // The browser's globals a streamed part waits on (its payload script has not come yet).
    Object.assign(globalThis, { window: {}, document: { addEventListener: () => undefined } });
    const ids = new WeakMap<object, string>();
    const state = hydrationState(await served('/slow'), ids);
    Object.assign(globalThis, { window: undefined, document: undefined });
    const router = hydrated('/slow', state);
    expect(router.state.initialized).toBe(true);
    expect(loaderCalls).toEqual([]);
    expect(router.state.loaderData.root).toEqual({ lang: 'en' });
    const slow = router.state.loaderData.slow as { fast: number; late: unknown };
    expect(slow.fast).toBe(1);
    expect(slow.late).toBeInstanceOf(Promise);
    expect(ids.get(slow.late as object)).toBe('slow/late');
    router.dispose();
  });

  it('tells a route response from the server by its status, anything else as 500', () => {
    expect(errorStatus(new ServerErrorResponse(404, '', null))).toBe(404);
    expect(errorStatus(new Error('x'))).toBe(500);
    expect(errorStatus('x')).toBe(500);
  });
});
