import zlib from 'node:zlib';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { PageCache } from './page-cache';
import { inlineScriptHashes, storePage, type RenderedCopy, type StoredPage } from './stored-page';
import { pageUrl } from './page-url';
import { fakeNewsItem, startFakeApi } from '../../testing/fake-api';
import { get } from '../../testing/built-server';
import { createTestApp, listenOnLoopback } from '../../testing/test-app';

import { linkHref } from '../../testing/test-html';

const stored = (html: string, extra: Partial<RenderedCopy> = {}) =>
  storePage({ status: 200, headers: {}, html, nonce: 'n', etag: null, data: [], until: Infinity, ...extra });
const text = (page: StoredPage | null) => page?.bodies.identity.toString('utf8');

describe('the page store', () => {
  it('keeps a page while each piece of data it read has the version it read, and until the clock changes that data', async () => {
    const versions: Record<string, string> = { news: '3', numbers: '7.1' };
    let now = 1000;
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 0, check: { version: (key) => versions[key] ?? '0', now: () => now } });
    const data = [
      { key: 'news', version: '3', until: Infinity },
      { key: 'numbers', version: '7.1', until: 5000 },
    ];
    cache.set('/en', await stored('<p>hi</p>', { data, until: 5000 }));
    now = 4999;
    expect(text(cache.get('/en'))).toBe('<p>hi</p>');
    expect(cache.lookup('/tariffs')).toEqual({ page: null, reason: 'first' });
    // Any version moved: stale at once, and the next render says why.
    versions.news = '4';
    expect(cache.lookup('/en')).toEqual({ page: null, reason: 'changed' });
    versions.news = '3';
    expect(cache.lookup('/en')).toEqual({ page: null, reason: 'changed' });
    // The clock reaches the moment the data changes by itself (a hold lapses): stale, with no write.
    cache.set('/en', await stored('<p>hi</p>', { data, until: 5000 }));
    now = 5000;
    expect(cache.get('/en')).toBeNull();
  });

  it('keeps a page without versions (an external API) for its time to live only', async () => {
    let now = 1000;
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000, now: () => now });
    const end = cache.begin('/en');
    const waiting = cache.pending('/en');
    end({ status: 200, headers: {}, html: '<p>hi</p>', nonce: 'n', etag: null, data: null, until: Infinity });
    await waiting;
    now = 5999;
    expect(text(cache.get('/en'))).toBe('<p>hi</p>');
    now = 6000;
    expect(cache.get('/en')).toBeNull();
  });

  it('never holds more bytes than its bound, dropping the least recently used page first, and says it was evicted', async () => {
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 0, maxBytes: 200_000, check: { version: () => '0', now: () => 0 } });
    // Random text: compression cannot make it small, so each page weighs about 60 kB in its three forms.
    const noise = (i: number) => `${i}${randomBytes(15_000).toString('base64')}`;
    for (let i = 0; i < 20; i += 1) {
      cache.set(`/page-${i}`, await stored(noise(i)));
      // The first page is read every time: it stays while others go.
      expect(cache.get('/page-0')).not.toBeNull();
      expect(cache.bytes).toBeLessThanOrEqual(200_000);
    }
    expect(cache.size).toBeLessThan(20);
    expect(cache.lookup('/page-1')).toEqual({ page: null, reason: 'evicted' });
    expect(text(cache.get('/page-19'))?.startsWith('19')).toBe(true);
    // A page larger than the whole bound is not kept at all.
    cache.set('/huge', await stored(randomBytes(150_000).toString('base64')));
    expect(cache.get('/huge')).toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
  });

  it('keys a page by the parameters the site reads, never by tracking or junk ones', () => {
    expect(pageUrl('/en/news?utm_source=tg&utm_medium=post&fbclid=abc')).toBe('/en/news');
    expect(pageUrl('/en/news?page=2&gclid=1&yclid=2&x=junk')).toBe('/en/news?page=2');
    expect(pageUrl('/numbers?category=gold&utm_campaign=a&sort=price_desc')).toBe('/numbers?category=gold&sort=price_desc');
    expect(pageUrl('/uz/about')).toBe('/uz/about');
    expect(pageUrl('/uz/about?')).toBe('/uz/about');
    // Escapes that do not decode are the text they are; those that do stay as typed.
    expect(pageUrl('/news/%E0%A4%A?page=2')).toBe('/news/%25E0%25A4%25A?page=2');
    expect(pageUrl('/en/%zz/%D0%BD')).toBe('/en/%25zz/%D0%BD');
    expect(pageUrl('/news/%D0%BD%D0%BE')).toBe('/news/%D0%BD%D0%BE');
  });

  it('stores nothing when switched off', async () => {
    const cache = new PageCache({ enabled: false, unversionedTtlMs: 0 });
    cache.set('a', await stored('a'));
    expect(cache.get('a')).toBeNull();
  });

  it('lets requests for a page being rendered wait for it, and ends the wait with the page or with nothing', async () => {
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000 });
    expect(cache.pending('/en')).toBeNull();
    const end = cache.begin('/en');
    const waiting = cache.pending('/en');
    expect(waiting).not.toBeNull();
    end({ status: 200, headers: {}, html: '<p>hi</p>', nonce: 'n', etag: null, data: null, until: Infinity });
    end(null); // only the first ending counts
    expect(text(await waiting)).toBe('<p>hi</p>');
    expect(text(cache.get('/en'))).toBe('<p>hi</p>');
    expect(cache.pending('/en')).toBeNull();

    const failed = cache.begin('/uz');
    const alsoWaiting = cache.pending('/uz');
    failed(null);
    await expect(alsoWaiting).resolves.toBeNull();
    expect(cache.get('/uz')).toBeNull();
  });
});

describe('the page store with an external API', () => {
  const read = { lang: 'en' as const, path: '/news', params: { page: 1 }, etag: 'W/"n1"' };
  /** A page whose reads the API confirms with `answers` (one per check), counting the checks. */
  const checked = (answers: (() => Promise<boolean>)[]) => {
    const checks = { count: 0 };
    const confirm = () => answers[Math.min(checks.count++, answers.length - 1)]();
    return { checks, page: stored('<p>from the API</p>', { data: null, validators: { reads: [read], confirm } }) };
  };

  it('serves a page only once the API confirmed its reads, never from the synchronous lookup', async () => {
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000 });
    const { checks, page } = checked([() => Promise.resolve(true)]);
    cache.set('/en', await page);
    expect(cache.lookup('/en')).toEqual({ page: null, reason: 'revalidate' });
    expect(cache.get('/en')).toBeNull();
    expect(text((await cache.revalidate('/en')).page)).toBe('<p>from the API</p>');
    expect(checks.count).toBe(1);
    // Each lookup asks again: the API's answers are what count, not a time.
    await cache.revalidate('/en');
    expect(checks.count).toBe(2);
  });

  it('shares one check among the lookups that arrive while it runs', async () => {
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000 });
    let answer!: (confirmed: boolean) => void;
    const { checks, page } = checked([() => new Promise<boolean>((resolve) => (answer = resolve))]);
    cache.set('/en', await page);
    const lookups = [cache.revalidate('/en'), cache.revalidate('/en'), cache.revalidate('/en')];
    answer(true);
    expect((await Promise.all(lookups)).map((found) => text(found.page))).toEqual(Array(3).fill('<p>from the API</p>'));
    expect(checks.count).toBe(1);
  });

  it('renders a page again when a read changed (dropped) or when the API could not say (kept for the next check)', async () => {
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000 });
    const { page } = checked([() => Promise.reject(new Error('API down')), () => Promise.resolve(true), () => Promise.resolve(false)]);
    cache.set('/en', await page);
    expect(await cache.revalidate('/en')).toEqual({ page: null, reason: 'unconfirmed' });
    expect(text((await cache.revalidate('/en')).page)).toBe('<p>from the API</p>');
    expect(await cache.revalidate('/en')).toEqual({ page: null, reason: 'changed' });
    expect(cache.lookup('/en')).toEqual({ page: null, reason: 'changed' });
  });

  it('keeps a page with validators without a time-to-live, and serves one that read nothing at once', async () => {
    let now = 1000;
    const cache = new PageCache({ enabled: true, unversionedTtlMs: 5000, now: () => now });
    const end = cache.begin('/en/about');
    await end({
      status: 200,
      headers: {},
      html: '<p>about</p>',
      nonce: 'n',
      etag: null,
      data: null,
      until: Infinity,
      validators: { reads: [], confirm: () => Promise.resolve(true) },
    });
    now = 1_000_000;
    expect(text(cache.get('/en/about'))).toBe('<p>about</p>');
  });
});

describe('pages from the cache', () => {
  it("serve the same bytes to everyone: no nonce, a CSP of the inline scripts' hashes, compressed once, with an ETag", async () => {
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
    try {
      const first = await request(t.app).get('/en/about').expect(200);
      // Nothing on the page waits for data: it is stored whole before its first byte goes, so the
      // first visitor already gets the stored bytes.
      expect(first.headers['x-page-cache']).toBe('MISS');
      const [second, third] = [await request(t.app).get('/en/about'), await request(t.app).get('/en/about')];
      for (const answer of [first, second, third]) {
        expect(answer.headers['content-security-policy']).not.toContain('nonce-');
        expect(answer.text).not.toContain('nonce=');
        expect(answer.headers['cache-control']).toBe('max-age=0, s-maxage=1');
      }
      expect(second.headers['x-page-cache']).toBe('HIT');
      expect(third.text).toBe(first.text);
      expect(second.text).toBe(first.text);
      // The policy allows exactly the page's inline scripts, by hash; nothing inline otherwise.
      const hashes = inlineScriptHashes(second.text);
      expect(hashes.length).toBeGreaterThan(0);
      const scripts = /script-src ([^;]*)/.exec(second.headers['content-security-policy'])![1];
      expect(scripts).toBe(["'self'", ...hashes].join(' '));
      // One ETag for the page's data, on the render and on the stored page alike; 304 when the visitor has it.
      expect(second.headers.etag).toMatch(/^W\/"/);
      expect(first.headers.etag).toBe(second.headers.etag);
      await request(t.app).get('/en/about').set('If-None-Match', second.headers.etag).expect(304);
      // Compressed once when stored: brotli and gzip as the visitor accepts them, the same page inside.
      const listening = await listenOnLoopback(t.app);
      try {
        for (const encoding of ['br', 'gzip']) {
          const res = await get(`${listening.origin}/en/about`, { 'Accept-Encoding': encoding });
          expect(res.headers['content-encoding']).toBe(encoding);
          expect((encoding === 'br' ? zlib.brotliDecompressSync(res.bytes) : zlib.gunzipSync(res.bytes)).toString('utf8')).toBe(
            second.text,
          );
        }
      } finally {
        await listening.close();
      }
    } finally {
      t.close();
    }
  });

  it('keep bots, browsers and each URL apart, and never keep a server error', async () => {
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
    try {
      await request(t.app).get('/en/news').expect(200);
      expect((await request(t.app).get('/en/news').set('User-Agent', 'Googlebot/2.1')).headers['x-page-cache']).toBe('MISS');
      expect((await request(t.app).get('/en/news?page=2')).headers['x-page-cache']).toBe('MISS');
      expect((await request(t.app).get('/en/missing')).status).toBe(404);
      const again = await request(t.app).get('/en/missing').expect(404);
      expect(again.headers['x-page-cache']).toBe('HIT');
    } finally {
      t.close();
    }
  });

  it('render a page once for requests that arrive together, the others served its result', async () => {
    const api = await startFakeApi(300, fakeNewsItem);
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30', API_BASE_URL: api.baseUrl });
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => request(t.app).get('/en/news/together')));
      expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
      expect(responses.map((res) => res.headers['x-page-cache']).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
      expect(api.calls.filter((call) => call.path === '/api/v1/news/together')).toHaveLength(1);
      for (const res of responses) expect(res.text).toContain('Fake news together');
    } finally {
      t.close();
      await api.close();
    }
  });

  it('serve the page of a tracked link from the same entry as the plain URL, and the page itself without the tracking', async () => {
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
    try {
      const first = await request(t.app).get('/en/news?utm_source=tg-channel-42&fbclid=AbC').expect(200);
      expect(first.headers['x-page-cache']).toBe('MISS');
      expect(first.text).not.toContain('tg-channel-42');
      expect(first.text).not.toContain('AbC');
      for (const url of ['/en/news', '/en/news?utm_campaign=autumn', `/en/news?junk=${Date.now()}`]) {
        expect((await request(t.app).get(url).expect(200)).headers['x-page-cache']).toBe('HIT');
      }
      // The page's own parameters still make pages of their own, and canonical links stay as they were.
      const second = await request(t.app).get('/en/news?page=2&utm_source=tg-channel-42').expect(200);
      expect(second.headers['x-page-cache']).toBe('MISS');
      expect(linkHref(second.text, 'canonical')).toBe('https://oq.example/en/news?page=2');
      expect(linkHref(first.text, 'canonical')).toBe('https://oq.example/en/news');
    } finally {
      t.close();
    }
  });

  it('never keep a page built while the API failed', async () => {
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30', API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    try {
      await request(t.app).get('/en/news');
      expect((await request(t.app).get('/en/news')).headers['x-page-cache']).toBe('MISS');
    } finally {
      t.close();
    }
  });

  it('are off in tests and development unless configured', async () => {
    const t = createTestApp();
    try {
      await request(t.app).get('/en/about');
      expect((await request(t.app).get('/en/about')).headers['x-page-cache']).toBe('MISS');
    } finally {
      t.close();
    }
  });
});
