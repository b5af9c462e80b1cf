import request from 'supertest';
import { startFakeApi } from '../../testing/fake-api';
import { createLogger } from '../../process/logger';
import { readBuildManifest } from '../render/build-manifest';
import { bootModulesOf } from '../../../shared/boot-modules';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('caching and compression', () => {
  it('cache hashed assets for a year and revalidate pages and build files', async () => {
    const page = await request(t.app).get('/en/about');
    expect(page.headers['cache-control']).toBe('no-cache');
    // Behind nginx the streamed page is passed on as it comes, not buffered whole.
    expect(page.headers['x-accel-buffering']).toBe('no');
    const asset = bootModulesOf(page.text)[0];
    const res = await request(t.app).get(asset).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(t.app).get('/latest.json').expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await request(t.app).get('/build.json').expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('compresses pages for clients that accept it', async () => {
    const res = await request(t.app).get('/en/about').set('Accept-Encoding', 'br, gzip');
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('answers a missing asset with 404, not a page', async () => {
    const res = await request(t.app).get('/assets/entry-NOPE.js').expect(404);
    expect(res.text).toBe('404 Not Found');
  });
});

describe('operations', () => {
  it('answers liveness and readiness', async () => {
    expect((await request(t.app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    // Ready once the number search's thread has read its copy of the numbers for sale (a moment
    // after the start): until then 503, never another answer.
    let ready = await request(t.app).get('/readyz');
    for (let tries = 0; ready.status === 503 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await request(t.app).get('/readyz');
    }
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
  });

  it('reports not ready while the configured operator API does not answer, and ready once it does', async () => {
    const dead = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    const api = await startFakeApi(0, () => [{ id: 'esim' }]);
    const live = createTestApp({ API_BASE_URL: api.baseUrl });
    try {
      expect((await request(dead.app).get('/readyz').expect(503)).body).toEqual({ status: 'unavailable' });
      expect((await request(live.app).get('/readyz').expect(200)).body).toEqual({ status: 'ready' });
      expect(api.calls.map((call) => call.path)).toEqual(['/api/v1/sim-types']);
    } finally {
      dead.close();
      live.close();
      await api.close();
    }
  });

  it('logs a 5xx of the API at error with the request id it answered with', async () => {
    const broken = createTestApp();
    try {
      broken.app.locals.close();
      const res = await request(broken.app).get('/api/v1/tariffs').set('X-Request-Id', 'proxy-id-42').expect(500);
      expect(res.headers['x-request-id']).toBe('proxy-id-42');
      const line = broken.logger.lines.find((entry) => entry.startsWith('error: API error on GET /api/v1/tariffs'));
      expect(line).toContain('"requestId":"proxy-id-42"');
      expect(broken.logger.lines.filter((entry) => entry.startsWith('info: API error'))).toEqual([]);
      // An id a client makes up is replaced when it is not a plain token.
      const other = await request(broken.app).get('/api/v1/tariffs').set('X-Request-Id', '<script>').expect(500);
      expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      broken.close();
    }
  });

  it('writes the request line of a 5xx at level error and of anything else at info', () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const logger = createLogger();
      logger.request({ requestId: 'a', status: 503 });
      logger.request({ requestId: 'b', status: 429 });
    } finally {
      spy.mockRestore();
    }
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { level: 'error', requestId: 'a', status: 503 },
      { level: 'info', requestId: 'b', status: 429 },
    ]);
  });

  it('reports not ready once the store is closed', async () => {
    const other = createTestApp();
    other.app.locals.close();
    await request(other.app).get('/readyz').expect(503);
    other.close();
  });

  it('logs one JSON line per request with status and duration, and honours TRUST_PROXY for the client address', async () => {
    const proxied = createTestApp({ LOG_REQUESTS: 'true', TRUST_PROXY: '1' });
    try {
      await request(proxied.app).get('/en/about').set('X-Forwarded-For', '203.0.113.7').expect(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const entry = proxied.logger.lines
        .map((line) => (line.startsWith('{') ? JSON.parse(line) : null))
        .find((e) => e?.path === '/en/about');
      expect(entry).toMatchObject({ method: 'GET', path: '/en/about', status: 200, ip: '203.0.113.7' });
      expect(typeof entry.durationMs).toBe('number');
    } finally {
      proxied.close();
    }
  });

  it('logs the path the client asked for, not the compressed copy an asset was sent from', async () => {
    const logged = createTestApp({ LOG_REQUESTS: 'true' });
    try {
      const manifest = readBuildManifest(logged.config.distDir);
      await request(logged.app).get(manifest.entry).set('Accept-Encoding', 'br').expect(200).expect('Content-Encoding', 'br');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const paths = logged.logger.lines.map((line) => (line.startsWith('{') ? (JSON.parse(line) as { path: string }).path : null));
      expect(paths).toContain(manifest.entry);
      expect(paths.some((logged) => logged?.endsWith('.br'))).toBe(false);
    } finally {
      logged.close();
    }
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
    const direct = createTestApp({ LOG_REQUESTS: 'true' });
    try {
      await request(direct.app).get('/en/about').set('X-Forwarded-For', '203.0.113.7').expect(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const entry = direct.logger.lines
        .map((line) => (line.startsWith('{') ? JSON.parse(line) : null))
        .find((e) => e?.path === '/en/about');
      expect(entry.ip).not.toBe('203.0.113.7');
    } finally {
      direct.close();
    }
  });
});
