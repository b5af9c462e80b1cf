import { createMemoryRouter, createStaticHandler, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import type { OperatorReader } from '../../shared/reads';
import { requestContext, requestOf, type RequestScope } from './request-context';

// The request a loader runs for reaches it through React Router's own context: the static
// handler's `requestContext` on the server, the browser router's `getContext` in the browser.
// Both hand that object to every loader unchanged; these tests fail if an upgrade stops doing so.

const seen: RequestScope[] = [];
const routes = [{ id: 'page', path: '/', loader: ({ context }: LoaderFunctionArgs) => (seen.push(requestOf(context)), null) }];

beforeEach(() => {
  seen.length = 0;
});

describe('the request context', () => {
  it('reaches a loader run by the static handler (the server)', async () => {
    const server: RequestScope = { side: 'server', reader: {} as OperatorReader, streamAfterMs: 5 };
    await createStaticHandler(routes).query(new Request('http://localhost/'), { requestContext: requestContext(server) });
    expect(seen).toEqual([server]);
  });

  it('reaches a loader run by a browser router, a fresh context for each navigation', async () => {
    const browser: RequestScope = { side: 'browser', streamAfterMs: 5 };
    const getContext = jest.fn(() => requestContext(browser));
    const router = createMemoryRouter(routes, { getContext });
    await new Promise<void>((resolve) => router.subscribe((state) => state.initialized && resolve()));
    await router.revalidate();
    expect(seen).toEqual([browser, browser]);
    expect(getContext).toHaveBeenCalledTimes(2);
    router.dispose();
  });

  it('is an error where nobody made one, never a guess of the side', () => {
    expect(() => requestOf(new RouterContextProvider())).toThrow();
  });
});
