import request from 'supertest';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../../../client/app/routes';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** How often the test page's loader ran. */
const counts = { loader: 0 };
/** Called by the test page's component each time it renders. */
const renders = jest.fn();

function CountedPage() {
  renders();
  return <h1>Counted page</h1>;
}

const countedPages = (lang: string): RouteObject[] => [
  {
    id: `${lang}:test-counted`,
    path: 'test-counted',
    loader: () => {
      counts.loader += 1;
      return { ok: true };
    },
    Component: CountedPage,
  },
];

describe('HEAD on a page', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({}, { routes: createRoutes({ extraPages: countedPages }) });
  });
  afterAll(() => t.close());

  it('answers with the status and headers once the loaders have run, without a body and without rendering the page', async () => {
    const before = { loader: counts.loader, renders: renders.mock.calls.length };
    const res = await request(t.app).head('/en/test-counted').expect(200);
    expect(res.text ?? '').toBe('');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*'nonce-[^']+'/);
    expect(res.headers['x-page-cache']).toBe('MISS');
    expect(counts.loader).toBe(before.loader + 1);
    expect(renders.mock.calls.length).toBe(before.renders);

    // The same page for GET is rendered, and that is seen.
    const page = await request(t.app).get('/en/test-counted').expect(200);
    expect(page.text).toContain('<h1>Counted page</h1>');
    expect(renders.mock.calls.length).toBeGreaterThan(before.renders);
  });

  it('answers the status the loaders decide: 404 for an unknown news item and an unknown path, without a body', async () => {
    for (const path of ['/en/news/no-such-item', '/uz/no/such/page']) {
      const res = await request(t.app).head(path);
      expect(`${path} ${res.status}`).toBe(`${path} 404`);
      expect(res.text ?? '').toBe('');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('gives a bot the status and the plain-text headers of its error answer', async () => {
    const res = await request(t.app).head('/en/missing').set('User-Agent', 'Googlebot/2.1').expect(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('404 Page Not Found')));
    expect(res.text ?? '').toBe('');
  });

  it('is answered from the page cache without a body once a GET has kept the page', async () => {
    const cached = createTestApp({ PAGE_CACHE_SECONDS: '30' }, { routes: createRoutes({ extraPages: countedPages }) });
    try {
      const page = await request(cached.app).get('/en/test-counted').expect(200);
      const before = { loader: counts.loader, renders: renders.mock.calls.length };
      const res = await request(cached.app).head('/en/test-counted').expect(200);
      expect(res.headers['x-page-cache']).toBe('HIT');
      expect(res.text ?? '').toBe('');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(page.text)));
      expect({ loader: counts.loader, renders: renders.mock.calls.length }).toEqual(before);
    } finally {
      cached.close();
    }
  });
});
