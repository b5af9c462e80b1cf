import request from 'supertest';
import { LANGUAGE_COOKIE } from '../../../shared/languages';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The stored pages' short way (stored-first.ts) answers exactly what the long way would: the same
 * status, headers and bytes as the page's stored answer made by the render's chain, and nothing
 * that chain would redirect or normalise.
 */

let t: TestApp;
beforeAll(() => {
  t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
});
afterAll(() => t.close());

/** The headers that differ per response by nature: the date, the request's id, and which way answered. */
function comparable(headers: Record<string, string>): Record<string, string> {
  const { date: _date, 'x-request-id': _id, 'x-page-cache': _cache, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

/** The response's bytes as sent (not decoded), for the encodings' comparison. */
const raw = (res: request.Response) => (Buffer.isBuffer(res.body) ? res.body : Buffer.from(res.text ?? ''));

async function twice(path: string, headers: Record<string, string> = {}) {
  const send = () =>
    request(t.app)
      .get(path)
      .set(headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  return { first: await send(), second: await send() };
}

describe('a stored page by the short way', () => {
  it.each([
    ['/en/news', 'br'],
    ['/en/news', 'gzip'],
    ['/en/news', 'identity'],
    ['/', 'br'],
    ['/uz-cyrl/numbers?category=gold', 'gzip'],
  ])('%s in %s: the same status, headers and bytes as the answer that stored it', async (path, encoding) => {
    const { first, second } = await twice(path, { 'Accept-Encoding': encoding });
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.status).toBe(first.status);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(raw(second).equals(raw(first))).toBe(true);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 304 to its ETag and a HEAD with the headers alone', async () => {
    const { second } = await twice('/en/about');
    const etag = second.headers.etag!;
    const notModified = await request(t.app).get('/en/about').set('If-None-Match', etag).expect(304);
    expect(notModified.headers['x-page-cache']).toBe('HIT');
    expect(notModified.headers.etag).toBe(etag);
    const head = await request(t.app).head('/en/about').set('Accept-Encoding', 'gzip').expect(200);
    expect(head.headers['content-length']).toBe(String(second.headers['content-length'] ?? head.headers['content-length']));
    expect(head.headers['x-page-cache']).toBe('HIT');
    expect(head.text ?? '').toBe('');
  });

  it('keeps the request id a client sends, as the long way does', async () => {
    await twice('/en/about');
    const res = await request(t.app).get('/en/about').set('X-Request-Id', 'req-from-nginx.1').expect(200);
    expect(res.headers['x-page-cache']).toBe('HIT');
    expect(res.headers['x-request-id']).toBe('req-from-nginx.1');
  });

  it('still redirects `/` for a visitor whose language is not Russian, whatever is stored for it', async () => {
    await twice('/');
    const byCookie = await request(t.app).get('/').set('Cookie', `${LANGUAGE_COOKIE}=en`).expect(302);
    expect(byCookie.headers.location).toBe('/en');
    const byHeader = await request(t.app).get('/').set('Accept-Language', 'uz').expect(302);
    expect(byHeader.headers.location).toBe('/uz');
    const russian = await request(t.app).get('/').set('Accept-Language', 'ru-RU').expect(200);
    expect(russian.headers['x-page-cache']).toBe('HIT');
    expect(russian.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('never answers for a spelling the long way redirects, even when its page is stored', async () => {
    // Dot segments reach the render as the URL they name: `/ru/news` and `/NEWS` get stored pages.
    for (const path of ['/x/../ru/news', '/x/../NEWS']) {
      await request(t.app).get(path);
      expect((await request(t.app).get(path)).headers['x-page-cache']).toBe('HIT');
    }
    expect((await request(t.app).get('/ru/news').expect(301)).headers.location).toBe('/news');
    expect((await request(t.app).get('/NEWS').expect(301)).headers.location).toBe('/news');
    expect((await request(t.app).get('/en/news/').expect(301)).headers.location).toBe('/en/news');
  });

  it('counts its answers in the metrics as the long way does: the request by page, and the hit', async () => {
    await twice('/en/pointsOfSale');
    const metrics = t.app.locals.metrics;
    const before = (await metrics.registry.getSingleMetricAsString('page_cache_requests_total')).match(/result="hit"} (\d+)/)![1];
    await request(t.app).get('/en/pointsOfSale').expect(200);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="page:pointsOfSale"[^}]*status="200"[^}]*\} \d+/);
    expect(Number(text.match(/page_cache_requests_total\{result="hit"} (\d+)/)![1])).toBe(Number(before) + 1);
  });
});
