import request from 'supertest';
import { PageCache, withNonce } from './page-cache';
import { pageUrl } from './page-url';
import { fakeNewsItem, startFakeApi } from '../../testing/fake-api';
import { createTestApp } from '../../testing/test-app';
import { linkHref } from '../../testing/test-html';

describe('the page cache', () => {
  it('keeps a page for its time to live, then forgets it', () => {
    let now = 1000;
    const cache = new PageCache(5000, undefined, () => now);
    cache.set('/en', { status: 200, headers: {}, html: '<p>hi</p>', nonce: 'n1' });
    now = 5999;
    expect(cache.get('/en')?.html).toBe('<p>hi</p>');
    now = 6001;
    expect(cache.get('/en')).toBeNull();
  });

  it('never holds more bytes than its bound, dropping the least recently used page first', () => {
    const page = (html: string) => ({ status: 200, headers: {}, html, nonce: 'x' });
    const cache = new PageCache(5000, 200_000);
    const kb30 = 'x'.repeat(15_000); // 30 kB in memory
    for (let i = 0; i < 20; i += 1) {
      cache.set(`/page-${i}`, page(`${i}${kb30}`));
      // The first page is read every time: it stays while others go.
      expect(cache.get('/page-0')).not.toBeNull();
      expect(cache.bytes).toBeLessThanOrEqual(200_000);
    }
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('/page-1')).toBeNull();
    expect(cache.get('/page-19')?.html.startsWith('19')).toBe(true);
    // A page larger than the whole bound is not kept at all.
    cache.set('/huge', page('y'.repeat(150_000)));
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

  it('stores nothing when switched off', () => {
    const cache = new PageCache(0);
    cache.set('a', { status: 200, headers: {}, html: 'a', nonce: 'x' });
    expect(cache.get('a')).toBeNull();
  });

  it('lets requests for a page being rendered wait for it, and ends the wait with the page or with nothing', async () => {
    const cache = new PageCache(5000);
    expect(cache.pending('/en')).toBeNull();
    const end = cache.begin('/en');
    const waiting = cache.pending('/en');
    expect(waiting).not.toBeNull();
    end({ status: 200, headers: {}, html: '<p>hi</p>', nonce: 'n' });
    end(null); // only the first ending counts
    await expect(waiting).resolves.toMatchObject({ html: '<p>hi</p>' });
    expect(cache.get('/en')?.html).toBe('<p>hi</p>');
    expect(cache.pending('/en')).toBeNull();

    const failed = cache.begin('/uz');
    const alsoWaiting = cache.pending('/uz');
    failed(null);
    await expect(alsoWaiting).resolves.toBeNull();
    expect(cache.get('/uz')).toBeNull();
  });

  it('gives every response its own nonce', () => {
    const html = withNonce(
      { status: 200, headers: {}, html: '<script nonce="OLD">1</script><script nonce="OLD">2</script>', nonce: 'OLD' },
      'NEW',
    );
    expect(html).toBe('<script nonce="NEW">1</script><script nonce="NEW">2</script>');
  });
});

describe('pages from the cache', () => {
  it('serve the same page with a fresh nonce in the header and in every script', async () => {
    const t = createTestApp({ PAGE_CACHE_SECONDS: '30' });
    try {
      const first = await request(t.app).get('/en/about').expect(200);
      const second = await request(t.app).get('/en/about').expect(200);
      expect(first.headers['x-page-cache']).toBe('MISS');
      expect(second.headers['x-page-cache']).toBe('HIT');
      const nonceOf = (res: { headers: Record<string, string> }) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
      const [a, b] = [nonceOf(first), nonceOf(second)];
      expect(a).not.toBe(b);
      expect(second.text).not.toContain(a);
      expect(second.text).toContain(`nonce="${b}"`);
      expect(second.text.split(b).join('N')).toBe(first.text.split(a).join('N'));
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
      const first = await request(t.app).get('/en/news?utm_source=telegram&fbclid=AbC').expect(200);
      expect(first.headers['x-page-cache']).toBe('MISS');
      expect(first.text).not.toContain('telegram');
      expect(first.text).not.toContain('AbC');
      for (const url of ['/en/news', '/en/news?utm_campaign=autumn', `/en/news?junk=${Date.now()}`]) {
        expect((await request(t.app).get(url).expect(200)).headers['x-page-cache']).toBe('HIT');
      }
      // The page's own parameters still make pages of their own, and canonical links stay as they were.
      const second = await request(t.app).get('/en/news?page=2&utm_source=telegram').expect(200);
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
