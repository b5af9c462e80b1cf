import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerHttp } from './http-client';

/** What /tagged/<name> answers: its Cache-Control, and its ETag names its version (`versions`). */
const TAGGED: Record<string, string> = { fresh: 'no-cache', kept: 'public, max-age=60', revalidated: 'public, max-age=0' };

/** An operator API that says which answers may be kept, and counts what it is asked. */
async function startApi() {
  const calls: string[] = [];
  const ids: string[] = [];
  /** The If-None-Match of each request that had one, and what it was answered. */
  const conditional: string[] = [];
  const versions: Record<string, number> = { fresh: 1, kept: 1, revalidated: 1 };
  const server = http.createServer((req, res) => {
    calls.push(`${req.headers['x-language']} ${req.url}`);
    if (req.headers['x-request-id']) ids.push(String(req.headers['x-request-id']));
    const tagged = /^\/api\/v1\/tagged\/(\w+)/.exec(req.url!)?.[1];
    if (tagged) {
      const etag = `W/"${tagged}-v${versions[tagged]}"`;
      const status = req.headers['if-none-match'] === etag ? 304 : 200;
      if (req.headers['if-none-match']) conditional.push(`${req.url} ${req.headers['if-none-match']} ${status}`);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': TAGGED[tagged], ETag: etag });
      res.end(status === 304 ? undefined : JSON.stringify({ version: versions[tagged] }));
      return;
    }
    if (req.url === '/api/v1/down') {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{}');
      return;
    }
    if (req.url === '/api/v1/moved') {
      res.writeHead(302, { Location: '/api/v1/tariffs' });
      res.end();
      return;
    }
    const cacheable = req.url!.startsWith('/api/v1/tariffs');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': cacheable ? 'public, max-age=60' : 'no-store' });
    res.end(JSON.stringify({ items: [{ id: 'oq-smart', lang: req.headers['x-language'] }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return { calls, ids, conditional, versions, baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the server's HTTP client", () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  // One client per page request, as the renderer makes them.
  const client = (lang: 'ru' | 'en' | 'uz' = 'en') => createServerHttp(api.baseUrl)({ lang, signal: new AbortController().signal });

  it('keeps what the API marks public for its max-age, per language, across requests', async () => {
    const before = api.calls.length;
    const first = await client('en').get('/tariffs');
    const second = await client('en').get('/tariffs');
    expect(second.data).toEqual(first.data);
    expect(api.calls.slice(before)).toEqual(['en /api/v1/tariffs']);
    // Another language is another answer.
    expect((await client('uz').get('/tariffs')).data.items[0].lang).toBe('uz');
    expect(api.calls.slice(before)).toEqual(['en /api/v1/tariffs', 'uz /api/v1/tariffs']);
  });

  it('hands out a kept answer that no loader can change for the next visitor', async () => {
    const first = await client('en').get('/tariffs');
    expect(() => {
      'use strict';
      first.data.items[0].lang = 'changed';
    }).toThrow(TypeError);
    expect((await client('en').get('/tariffs')).data.items[0].lang).toBe('en');
  });

  it("sends the page's request id with each of its calls, so the API's log joins the page's", async () => {
    const before = api.ids.length;
    const forPage = createServerHttp(api.baseUrl)({ lang: 'en', signal: new AbortController().signal, requestId: 'page-42' });
    await forPage.get('/news?page=1');
    await forPage.get('/news?page=2');
    expect(api.ids.slice(before)).toEqual(['page-42', 'page-42']);
  });

  it('never follows a redirect the API answers', async () => {
    const before = api.calls.length;
    await expect(client('en').get('/moved')).rejects.toMatchObject({ response: { status: 302 } });
    expect(api.calls.slice(before)).toEqual(['en /api/v1/moved']);
  });

  it('asks every time for what the API answers no-store', async () => {
    const before = api.calls.length;
    await client().get('/numbers', { params: { pageSize: 6 } });
    await client().get('/numbers', { params: { pageSize: 6 } });
    expect(api.calls.slice(before)).toEqual(['en /api/v1/numbers?pageSize=6', 'en /api/v1/numbers?pageSize=6']);
  });

  it("never keeps or serves a cached answer for a request that carries a visitor's token", async () => {
    const before = api.calls.length;
    await client('ru').get('/tariffs/oq-plus', { headers: { Authorization: 'Bearer visitor-token' } });
    await client('ru').get('/tariffs/oq-plus', { headers: { 'X-Reservation-Token': 'visitor-token' } });
    // Nothing was kept from those: the first request without a token asks the API too, then it is kept.
    await client('ru').get('/tariffs/oq-plus');
    await client('ru').get('/tariffs/oq-plus');
    // And a kept answer is never handed to a request with a token.
    await client('ru').get('/tariffs/oq-plus', { headers: { 'X-Auth-Token': 'visitor-token' } });
    expect(api.calls.slice(before)).toEqual(Array(4).fill('ru /api/v1/tariffs/oq-plus'));
  });

  it('reports each GET with the ETag of its answer, and null for an answer without one', async () => {
    const reads: unknown[] = [];
    const forPage = createServerHttp(api.baseUrl)({
      lang: 'uz',
      signal: new AbortController().signal,
      onRead: (read) => (etag) => reads.push({ ...read, etag }),
    });
    await forPage.get('/tagged/fresh', { params: { page: 2 } });
    await forPage.get('/numbers');
    expect(reads).toEqual([
      { lang: 'uz', path: '/tagged/fresh', params: { page: 2 }, etag: 'W/"fresh-v1"' },
      { lang: 'uz', path: '/numbers', params: null, etag: null },
    ]);
  });

  describe('confirms earlier reads by their ETags', () => {
    const read = (name: string, version = 1) => ({
      lang: 'en' as const,
      path: `/tagged/${name}`,
      params: null,
      etag: `W/"${name}-v${version}"`,
    });
    const checks = () => createServerHttp(api.baseUrl).confirm;

    it('asks for an answer it keeps no copy of (no-cache) with the recorded ETag: a 304 confirms it, another ETag does not', async () => {
      const confirm = checks();
      const before = api.conditional.length;
      await expect(confirm([read('fresh')])).resolves.toBe(true);
      expect(api.conditional.slice(before)).toEqual(['/api/v1/tagged/fresh W/"fresh-v1" 304']);
      api.versions.fresh = 2;
      await expect(confirm([read('fresh')])).resolves.toBe(false);
      await expect(confirm([read('fresh', 2)])).resolves.toBe(true);
      api.versions.fresh = 1;
    });

    it('takes a kept answer within its max-age as it is, and lets the cache revalidate one past it with its own ETag', async () => {
      const client = createServerHttp(api.baseUrl)({ lang: 'en', signal: new AbortController().signal });
      const confirm = checks();
      await client.get('/tagged/kept');
      const before = api.calls.length;
      await expect(confirm([read('kept')])).resolves.toBe(true);
      expect(api.calls.slice(before)).toEqual([]);
      // max-age=0: kept, and asked again every time with the kept answer's ETag.
      await client.get('/tagged/revalidated');
      const asked = api.conditional.length;
      await expect(confirm([read('revalidated')])).resolves.toBe(true);
      api.versions.revalidated = 2;
      await expect(confirm([read('revalidated')])).resolves.toBe(false);
      expect(api.conditional.slice(asked)).toEqual([
        '/api/v1/tagged/revalidated W/"revalidated-v1" 304',
        '/api/v1/tagged/revalidated W/"revalidated-v1" 200',
      ]);
      // The check's answer is the one the next render reads.
      expect((await client.get('/tagged/revalidated')).data).toEqual({ version: 2 });
    });

    it('rejects when the API cannot say', async () => {
      await expect(checks()([read('fresh'), { ...read('fresh'), path: '/down' }])).rejects.toThrow();
    });
  });
});
