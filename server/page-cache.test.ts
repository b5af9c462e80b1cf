import request from 'supertest';
import { PageCache, withNonce } from './page-cache';
import { fakeNewsItem, startFakeApi } from './fake-api';
import { createTestApp } from './test-app';

describe('the page cache', () => {
  it('keeps a page for its time to live, then forgets it', () => {
    let now = 1000;
    const cache = new PageCache(5000, 10, () => now);
    cache.set('/en', { status: 200, html: '<p>hi</p>', nonce: 'n1' });
    now = 5999;
    expect(cache.get('/en')?.html).toBe('<p>hi</p>');
    now = 6000;
    expect(cache.get('/en')).toBeNull();
  });

  it('holds at most its number of entries, dropping the oldest', () => {
    const cache = new PageCache(5000, 2);
    cache.set('a', { status: 200, html: 'a', nonce: 'x' });
    cache.set('b', { status: 200, html: 'b', nonce: 'x' });
    cache.set('c', { status: 200, html: 'c', nonce: 'x' });
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')?.html).toBe('c');
    expect(cache.size).toBe(2);
  });

  it('stores nothing when switched off', () => {
    const cache = new PageCache(0);
    cache.set('a', { status: 200, html: 'a', nonce: 'x' });
    expect(cache.get('a')).toBeNull();
  });

  it('lets requests for a page being rendered wait for it, and ends the wait with the page or with nothing', async () => {
    const cache = new PageCache(5000);
    expect(cache.pending('/en')).toBeNull();
    const end = cache.begin('/en');
    const waiting = cache.pending('/en');
    expect(waiting).not.toBeNull();
    end({ status: 200, html: '<p>hi</p>', nonce: 'n' });
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
    const html = withNonce({ status: 200, html: '<script nonce="OLD">1</script><script nonce="OLD">2</script>', nonce: 'OLD' }, 'NEW');
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
