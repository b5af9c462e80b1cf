import http from 'node:http';
import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import en from '../../../locales/en.json';
import { LANGUAGES } from '../../../shared/languages';
import { href, PAGE_KEYS, PATHS } from '../../../shared/paths';
import { fakeNewsItem, startFakeApi, type FakeApi } from '../../testing/fake-api';
import { createTestApp, listenOnLoopback, type Listening, type TestApp } from '../../testing/test-app';
import { attr, tags, textOf } from '../../testing/test-html';

describe('a visitor who goes away mid-render', () => {
  let api: FakeApi;
  let t: TestApp;
  let listening: Listening;
  let origin: string;
  beforeAll(async () => {
    api = await startFakeApi(1500, fakeNewsItem);
    t = createTestApp({ API_BASE_URL: api.baseUrl });
    listening = await listenOnLoopback(t.app);
    origin = listening.origin;
  });
  afterAll(async () => {
    await listening.close();
    t.close();
    await api.close();
  });

  it('frees the render: the API calls made for them are cancelled, and the server carries on', async () => {
    const req = http.get(`${origin}/en/news/abandoned`);
    req.on('error', () => undefined);
    // The render is under way once the page has asked the API; then the visitor leaves.
    await api.called('/api/v1/news/abandoned');
    req.destroy();
    const deadline = Date.now() + 3000;
    while (!api.calls.find((c) => c.path === '/api/v1/news/abandoned')?.abandoned && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(api.calls.find((c) => c.path === '/api/v1/news/abandoned')?.abandoned).toBe(true);
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
  });
});

describe('the API down', () => {
  const BROWSER = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
  const TEXTS = CATALOGUES;
  /** Pages whose sections come from the API: each says so and offers Retry. */
  const WITH_API_DATA = new Set(['/', '/constructor', '/specificTariffs', '/numbers', '/news', '/pointsOfSale', '/oqDay']);
  let down: TestApp;
  beforeAll(() => {
    // Port 9 (discard) on loopback: nothing listens, every call is refused at once.
    down = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
  });
  afterAll(() => down.close());

  it.each(LANGUAGES)(
    'still renders every page in %s: 200, the page itself, and a localized error with Retry where its data is missing',
    async (lang) => {
      const c = TEXTS[lang];
      for (const page of PAGE_KEYS.filter((key) => key !== 'newsItem')) {
        const path = href(page, lang);
        const res = await request(down.app).get(path).set('User-Agent', BROWSER);
        expect(`${path} ${res.status}`).toBe(`${path} 200`);
        // The texts names the constructor's texts tariffConstructor (`constructor` is every object's own property).
        const texts = c.pages[page === 'constructor' ? 'tariffConstructor' : page];
        expect(textOf(res.text)).toContain(texts.title);
        if (WITH_API_DATA.has(PATHS[page])) {
          // Retry reloads the same page: a real link, so it works before and without JavaScript.
          const retry = tags(res.text, 'a').filter((a) => attr(a, 'href') === path && res.text.includes(`${a}${c.actions.retry}</a>`));
          expect(`${path}: ${retry.length > 0}`).toBe(`${path}: true`);
        }
      }
    },
  );

  it.each(LANGUAGES)('answers a news item in %s with the error page and Try Again, never a hung request', async (lang) => {
    const res = await request(down.app)
      .get(href('newsItem', lang, { slug: 'any-item' }))
      .set('User-Agent', BROWSER);
    expect(res.status).toBe(500);
    expect(textOf(res.text)).toContain(TEXTS[lang].errors.server.title);
    expect(res.text).toContain(TEXTS[lang].actions.tryAgain);
  });
});

describe('the API slow (5 s)', () => {
  const BROWSER = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
  let api: FakeApi;
  let slow: TestApp;
  let listening: Listening;
  let origin: string;
  beforeAll(async () => {
    api = await startFakeApi(5000, () => ({ items: [] }));
    slow = createTestApp({ API_BASE_URL: api.baseUrl, STREAM_AFTER_MS: '300' });
    listening = await listenOnLoopback(slow.app);
    origin = listening.origin;
  });
  afterAll(async () => {
    await listening.close();
    slow.close();
    await api.close();
  });

  /** A page's status and shell (everything up to the footer), and whether the API had answered by then; then the visitor leaves. */
  function shell(path: string): Promise<{ status: number; text: string; apiAnswered: boolean }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${origin}${path}`, { headers: { 'User-Agent': BROWSER } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (!text.includes('</footer>')) return;
          resolve({ status: res.statusCode ?? 0, text, apiAnswered: api.calls.some((call) => call.answered) });
          req.destroy();
        });
        res.on('end', () => reject(new Error(`${path} ended without a footer: ${text}`)));
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
  }

  it.each(['/en', '/en/numbers', '/en/news', '/en/specificTariffs', '/en/constructor', '/en/pointsOfSale'])(
    'streams the shell of %s first: the layout, the heading and a loading line, before the API answers',
    async (path) => {
      const page = PAGE_KEYS.filter((key) => key !== 'newsItem').find((key) => href(key, 'en') === path)!;
      const { status, text, apiAnswered } = await shell(path);
      expect(status).toBe(200);
      expect(apiAnswered).toBe(false);
      expect(text).toContain('<header');
      const heading = page === 'home' ? en.pages.home.welcomeTitle : en.pages[page === 'constructor' ? 'tariffConstructor' : page].title;
      expect(textOf(text)).toContain(heading);
      expect(textOf(text)).toContain(en.common.loading);
    },
  );

  /** A visitor who asks for a page and goes away after `afterMs`, before the API has answered. */
  function leaveAfter(path: string, afterMs: number): Promise<void> {
    return new Promise((resolve) => {
      const req = http.get(`${origin}${path}`, { headers: { 'User-Agent': BROWSER } });
      req.on('error', () => undefined);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, afterMs);
    });
  }

  it('logs a visitor who leaves mid-page at info without a stack, never as an error', async () => {
    const before = slow.logger.lines.length;
    // Gone while the loaders wait for the API, and gone after the shell was streamed.
    await leaveAfter('/en/news/left-early', 100);
    await leaveAfter('/en/news', 600);
    // Each abandoned render ends by logging its visitor's leaving: wait for those lines (at most
    // 500 turns of 10 ms), then nothing it could have logged as an error is still to come.
    const wanted = ['info: Client went away: GET /en/news/left-early', 'info: Client went away: GET /en/news'];
    const seen = () => slow.logger.lines.slice(before);
    for (let turn = 0; turn < 500 && !wanted.every((line) => seen().includes(line)); turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const lines = seen();
    for (const line of wanted) expect(lines).toContain(line);
    expect(lines.filter((line) => line.startsWith('error:'))).toEqual([]);
  });
});
