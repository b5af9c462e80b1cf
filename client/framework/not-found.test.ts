import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { createRoutes } from '../app/routes';

/** What the router raises for a path, as the server's render asks it (server/site/render/renderer.tsx). */
async function routeErrorsOf(path: string): Promise<StaticHandlerContext> {
  const handler = createStaticHandler(createRoutes());
  const result = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (result instanceof Response) throw new Error(`${path} answered ${result.status}`);
  return result;
}

describe('the 404 raised for an unknown path', () => {
  it.each(['/no/such/page', '/en/missing', '/uz-cyrl/deep/er/path'])('carries "Page not found: %s" with status 404', async (path) => {
    const result = await routeErrorsOf(path);
    expect(result.statusCode).toBe(404);
    const errors = Object.values(result.errors ?? {});
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(isRouteErrorResponse(error) && { status: error.status, statusText: error.statusText }).toEqual({
      status: 404,
      statusText: `Page not found: ${path}`,
    });
  });

  it('names the path as the page shows it, decoded', async () => {
    const [error] = Object.values((await routeErrorsOf('/en/%D0%BD%D0%B5%D1%82')).errors ?? {});
    expect(isRouteErrorResponse(error) && error.statusText).toBe('Page not found: /en/нет');
  });
});
