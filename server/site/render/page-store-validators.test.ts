import express from 'express';
import request from 'supertest';
import { createTestApi, type TestApi } from '../../api/test-support/test-api';
import { retitleNewestNews } from '../../testing/store-writes';
import { createTestApp, listenOnLoopback, type Listening, type TestApp } from '../../testing/test-app';

/**
 * The page store with an external operator API (API_BASE_URL): a stored page is served again only
 * once the API confirms each of its reads by its own validators (a 304 to the ETag the render got).
 * The operator API is the reference API's router over HTTP, behind a middleware that counts what the
 * site asks and can change how the API answers: the Cache-Control of its reads, no ETags, failing.
 */

interface Call {
  path: string;
  ifNoneMatch: string | null;
  status: number;
}

interface OperatorApi {
  baseUrl: string;
  dataDir: string;
  calls: Call[];
  /** How the reads answer: their Cache-Control (null: the reference API's own), with ETags or not, or 503. */
  mode: { cacheControl: string | null; etags: boolean; failing: boolean; delayMs: number };
  close(): Promise<void>;
}

async function startOperatorApi(): Promise<OperatorApi> {
  const reference: TestApi = createTestApi({ now: Date.now });
  const calls: Call[] = [];
  const mode: OperatorApi['mode'] = { cacheControl: 'no-cache', etags: true, failing: false, delayMs: 0 };
  const app = express();
  app.use('/api/v1', (req, res, next) => {
    const call: Call = { path: req.originalUrl, ifNoneMatch: req.get('if-none-match') ?? null, status: 0 };
    calls.push(call);
    res.on('finish', () => (call.status = res.statusCode));
    if (mode.failing) {
      res.status(503).json({ error: { code: 'unavailable', message: 'Down for a moment' } });
      return;
    }
    if (!mode.etags) delete req.headers['if-none-match'];
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      const header = name.toLowerCase();
      if (header === 'etag' && !mode.etags) return res;
      return setHeader(name, header === 'cache-control' && mode.cacheControl ? mode.cacheControl : value);
    };
    setTimeout(next, mode.delayMs);
  });
  app.use('/api/v1', reference.api.router);
  const listening: Listening = await listenOnLoopback(app);
  return {
    baseUrl: `${listening.origin}/api/v1`,
    dataDir: reference.dataDir,
    calls,
    mode,
    async close() {
      await listening.close();
      reference.close();
    },
  };
}

let api: OperatorApi;
beforeAll(async () => {
  api = await startOperatorApi();
});
afterAll(() => api.close());

/** The calls the site makes to the API while `visit` runs. */
async function callsDuring<T>(visit: () => Promise<T>): Promise<{ result: T; calls: Call[] }> {
  const before = api.calls.length;
  const result = await visit();
  return { result, calls: api.calls.slice(before) };
}

const get = (t: TestApp, path: string) => request(t.app).get(path).expect(200);

describe('with an API that asks to be revalidated (no-cache and an ETag on each read)', () => {
  let t: TestApp;
  beforeAll(() => {
    Object.assign(api.mode, { cacheControl: 'no-cache', etags: true, failing: false, delayMs: 0 });
    t = createTestApp({ PAGE_CACHE_SECONDS: '30', API_BASE_URL: api.baseUrl });
  });
  afterAll(() => t.close());

  let stored: string;

  it('serves an unchanged page as stored once each of its reads answered 304 to its ETag', async () => {
    const first = await callsDuring(() => get(t, '/en/news'));
    expect(first.result.headers['x-page-cache']).toBe('MISS');
    expect(first.result.headers.etag).toMatch(/^W\/"/);
    const reads = first.calls.map((call) => call.path);
    expect(reads.length).toBeGreaterThan(0);
    const second = await callsDuring(() => get(t, '/en/news'));
    expect(second.result.headers['x-page-cache']).toBe('HIT');
    expect(second.result.text).toBe(first.result.text);
    expect(second.result.headers.etag).toBe(first.result.headers.etag);
    // One conditional GET per read, each with the ETag the render got, each answered 304.
    expect(second.calls.map((call) => call.path).sort()).toEqual([...reads].sort());
    for (const call of second.calls) {
      expect(call.ifNoneMatch).toMatch(/^W\/"/);
      expect(call.status).toBe(304);
    }
    stored = second.result.text;
  });

  it('shows a change in the API on the very next request', async () => {
    retitleNewestNews(api.dataDir, 'Retitled by the operator');
    const changed = await get(t, '/en/news');
    expect(changed.headers['x-page-cache']).toBe('MISS');
    expect(changed.text).toContain('Retitled by the operator');
    expect((await get(t, '/en/news')).headers['x-page-cache']).toBe('HIT');
    stored = changed.text;
  });

  it('checks a page once for the requests that ask for it together', async () => {
    api.mode.delayMs = 200;
    try {
      const together = await callsDuring(() => Promise.all(Array.from({ length: 5 }, () => get(t, '/en/news'))));
      expect(together.result.map((res) => res.headers['x-page-cache'])).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT']);
      for (const res of together.result) expect(res.text).toBe(stored);
      // The reads of one page, asked once, not once per request.
      const alone = await callsDuring(() => get(t, '/en/news'));
      expect(together.calls).toHaveLength(alone.calls.length);
    } finally {
      api.mode.delayMs = 0;
    }
  });

  /** The news while the API fails (rendered, never the stored page), then once it answers again. */
  async function downThenBack(): Promise<request.Response> {
    api.mode.failing = true;
    try {
      const down = await get(t, '/en/news');
      expect(down.headers['x-page-cache']).toBe('MISS');
      expect(down.text).not.toContain('Retitled by the operator');
    } finally {
      api.mode.failing = false;
    }
    return get(t, '/en/news');
  }

  it('never serves a page the API could not confirm, and serves it again once the API confirms it', async () => {
    const back = await downThenBack();
    expect(back.headers['x-page-cache']).toBe('HIT');
    expect(back.text).toBe(stored);
  });

  it('never serves the old page after the API changed and then failed', async () => {
    retitleNewestNews(api.dataDir, 'Retitled while the API was down');
    const back = await downThenBack();
    expect(back.headers['x-page-cache']).toBe('MISS');
    expect(back.text).toContain('Retitled while the API was down');
  });
});

describe('with an API that answers without ETags', () => {
  let t: TestApp;
  beforeAll(() => {
    Object.assign(api.mode, { cacheControl: 'no-cache', etags: false, failing: false, delayMs: 0 });
    t = createTestApp({ PAGE_CACHE_SECONDS: '30', API_BASE_URL: api.baseUrl });
  });
  afterAll(() => {
    api.mode.etags = true;
    t.close();
  });

  it('keeps a page for PAGE_CACHE_SECONDS without asking the API, a change unseen meanwhile', async () => {
    const first = await get(t, '/en/news');
    expect(first.headers['x-page-cache']).toBe('MISS');
    retitleNewestNews(api.dataDir, 'Retitled out of sight');
    const kept = await callsDuring(() => get(t, '/en/news'));
    expect(kept.result.headers['x-page-cache']).toBe('HIT');
    expect(kept.result.text).not.toContain('Retitled out of sight');
    expect(kept.calls).toEqual([]);
  });
});

describe("with the reference API's own Cache-Control (public, max-age on the catalogue's reads)", () => {
  let t: TestApp;
  beforeAll(() => {
    Object.assign(api.mode, { cacheControl: null, etags: true, failing: false, delayMs: 0 });
    t = createTestApp({ PAGE_CACHE_SECONDS: '30', API_BASE_URL: api.baseUrl });
  });
  afterAll(() => t.close());

  it('serves a page as stored without asking while the answers it read may be kept', async () => {
    const first = await get(t, '/en/pointsOfSale');
    expect(first.headers['x-page-cache']).toBe('MISS');
    const again = await callsDuring(() => get(t, '/en/pointsOfSale'));
    expect(again.result.headers['x-page-cache']).toBe('HIT');
    expect(again.calls).toEqual([]);
  });
});

describe('a page sent as rendered (the page store off)', () => {
  it('carries an ETag over its reads when each answered one, and none when one did not', async () => {
    Object.assign(api.mode, { cacheControl: 'no-cache', etags: true, failing: false, delayMs: 0 });
    const t = createTestApp({ API_BASE_URL: api.baseUrl });
    try {
      const tagged = await get(t, '/en/news');
      expect(tagged.headers['x-page-cache']).toBe('MISS');
      expect(tagged.headers.etag).toMatch(/^W\/"/);
      expect((await get(t, '/en/news')).headers.etag).toBe(tagged.headers.etag);
      api.mode.etags = false;
      expect((await get(t, '/en/news')).headers.etag).toBeUndefined();
    } finally {
      api.mode.etags = true;
      t.close();
    }
  });
});
