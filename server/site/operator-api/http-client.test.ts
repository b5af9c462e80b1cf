import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerHttp } from './http-client';

/** An operator API that says which answers may be kept, and counts what it is asked. */
async function startApi() {
  const calls: string[] = [];
  const ids: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(`${req.headers['x-language']} ${req.url}`);
    if (req.headers['x-request-id']) ids.push(String(req.headers['x-request-id']));
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
  return { calls, ids, baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the server's HTTP client", () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  // One client per page request, as the renderer makes them.
  const client = (lang: 'ru' | 'en' | 'uz' = 'en') => createServerHttp(api.baseUrl)(lang, new AbortController().signal);

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
    const forPage = createServerHttp(api.baseUrl)('en', new AbortController().signal, undefined, 'page-42');
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
});
