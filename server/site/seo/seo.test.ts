import { Readable } from 'node:stream';
import request from 'supertest';
import { parseSitemap } from 'sitemap';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, LANGUAGE_TAG, localizePath, type Language } from '../../../shared/languages';
import type { NewsList } from '../../../shared/api-types';
import { href, type PageKey } from '../../../shared/paths';
import { isBot } from '../http/bots';
import { cardSvg } from './og-image';
import { createTestApp, TEST_SITE_URL, type TestApp } from '../../testing/test-app';
import { htmlLang, linkHref, metaContent, tags } from '../../testing/test-html';

/** Every page but a news item (listed one by one) and the noindex success page. */
const PAGES: PageKey[] = [
  'home',
  'news',
  'about',
  'oqDay',
  'numbers',
  'specificTariffs',
  'constructor',
  'pointsOfSale',
  'identification',
  'identificationRetry',
  'payment',
];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0 Safari/537.36';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

function pathOf(url: string): string {
  expect(url.startsWith(TEST_SITE_URL)).toBe(true);
  return url.slice(TEST_SITE_URL.length) || '/';
}

/** width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function firstNewsSlug(): Promise<string> {
  const res = await request(t.app).get('/api/v1/news?pageSize=1').expect(200);
  return (res.body as NewsList).items[0]!.slug;
}

describe('one spelling per URL', () => {
  it.each([
    ['/EN/news', '/en/news'],
    ['/oqday', '/oqDay'],
    ['/en/OQDAY', '/en/oqDay'],
    ['/Uz/About', '/uz/about'],
    ['/RU/pointsofsale', '/pointsOfSale'],
    ['/en/Identification/Retry', '/en/identification/retry'],
    ['/EN', '/en'],
    ['/en/NEWS/oq-launches', '/en/news/oq-launches'],
  ])('redirects %s permanently to %s', async (from, to) => {
    const res = await request(t.app).get(from).set('User-Agent', BROWSER).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it('keeps the query when it fixes the case', async () => {
    const res = await request(t.app).get('/EN/News?page=2').expect(301);
    expect(res.headers.location).toBe('/en/news?page=2');
  });

  it('answers the canonical spelling itself, and a path that names no page, without a case redirect', async () => {
    await request(t.app).get('/en/oqDay').set('User-Agent', BROWSER).expect(200);
    await request(t.app).get('/en/NoSuchPage').set('User-Agent', BROWSER).expect(404);
  });

  it('gives a 404 page no canonical and no hreflang links that would point at other 404s', async () => {
    const html = (await request(t.app).get('/en/no-such-page').set('User-Agent', BROWSER).expect(404)).text;
    expect(linkHref(html, 'canonical')).toBeNull();
    expect(tags(html, 'link').filter((tag) => /hreflang=/i.test(tag))).toEqual([]);
  });
});

describe('sitemap.xml', () => {
  it('is listed with its absolute address in robots.txt, which keeps the API out', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /api/');
  });

  it('lists every page and news item in every language, each answering 200, with reciprocal alternates and the news dates', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = await parseSitemap(Readable.from([res.text]));
    const byUrl = new Map(entries.map((entry) => [entry.url, entry]));
    expect(byUrl.size).toBe(entries.length);

    const news = (await request(t.app).get('/api/v1/news?pageSize=50').expect(200)).body as NewsList;
    const expected = [...PAGES.map((page) => href(page, 'ru')), ...news.items.map((item) => href('newsItem', 'ru', { slug: item.slug }))];
    for (const path of expected) for (const lang of LANGUAGES) expect(byUrl.has(`${TEST_SITE_URL}${localizePath(path, lang)}`)).toBe(true);
    expect(news.total).toBe(news.items.length);

    for (const entry of entries) {
      const page = await request(t.app).get(pathOf(entry.url)).set('User-Agent', BROWSER);
      expect([entry.url, page.status]).toEqual([entry.url, 200]);
      expect(linkHref(page.text, 'canonical')).toBe(entry.url);
      const alternates = new Map(entry.links.map((link) => [link.lang, link.url]));
      expect([...alternates.keys()].sort()).toEqual([...LANGUAGES.map((lang) => LANGUAGE_TAG[lang]), 'x-default'].sort());
      for (const lang of LANGUAGES) {
        // Reciprocal: each alternate is listed too and names this entry as its own alternate.
        const other = byUrl.get(alternates.get(LANGUAGE_TAG[lang])!)!;
        expect(other.links.find((link) => link.lang === htmlLang(page.text))?.url).toBe(entry.url);
        expect(linkHref(page.text, 'alternate', LANGUAGE_TAG[lang])).toBe(alternates.get(LANGUAGE_TAG[lang]));
      }
    }

    for (const item of news.items) {
      const entry = byUrl.get(`${TEST_SITE_URL}${href('newsItem', 'en', { slug: item.slug })}`)!;
      expect(entry.lastmod?.slice(0, 10)).toBe(item.publishedAt.slice(0, 10));
    }
  });
});

describe('the raster share image', () => {
  it.each(LANGUAGES)('of every page in %s is a 1200x630 PNG named by the page head', async (lang: Language) => {
    const html = (await request(t.app).get(localizePath('/numbers', lang)).set('User-Agent', BROWSER).expect(200)).text;
    const image = metaContent(html, 'og:image')!;
    expect(image).toBe(`${TEST_SITE_URL}/og/${lang}/numbers.png`);
    const res = await request(t.app).get(pathOf(image)).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
  });

  it('of a news item differs per language', async () => {
    const slug = await firstNewsSlug();
    const images = new Set<string>();
    for (const lang of LANGUAGES) {
      const html = (
        await request(t.app)
          .get(href('newsItem', lang, { slug }))
          .set('User-Agent', BROWSER)
          .expect(200)
      ).text;
      const image = metaContent(html, 'og:image')!;
      expect(image).toBe(`${TEST_SITE_URL}/og/${lang}/news/${slug}.png`);
      const res = await request(t.app).get(pathOf(image)).expect(200);
      expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
      images.add((res.body as Buffer).toString('base64'));
    }
    expect(images.size).toBe(LANGUAGES.length);
  });

  it('is drawn in Cyrillic for Uzbek in Cyrillic: its own image, the card holding the page title in that script', async () => {
    const cyrillic = await request(t.app).get('/og/uz-cyrl/news.png').expect(200);
    const latin = await request(t.app).get('/og/uz/news.png').expect(200);
    expect(cyrillic.headers['content-language']).toBe('uz-Cyrl-UZ');
    expect((cyrillic.body as Buffer).equals(latin.body as Buffer)).toBe(false);
    const title = CATALOGUES['uz-cyrl'].pages.news.title;
    expect(title).toBe('Янгиликлар');
    expect(cardSvg({ lang: 'uz-cyrl', kicker: 'Oq', title, subtitle: '' })).toContain(`>${title}</tspan>`);
    const svg = cardSvg({ lang: 'uz-cyrl', kicker: 'Oq', title, subtitle: '' });
    expect(svg).toContain('>ЎЗ</text>');
  });

  it('differs between two pages of one language', async () => {
    const about = await request(t.app).get('/og/en/about.png').expect(200);
    const news = await request(t.app).get('/og/en/news.png').expect(200);
    expect((about.body as Buffer).equals(news.body as Buffer)).toBe(false);
  });

  it.each([
    '/og/en/nothing.png',
    '/og/fr/about.png',
    '/og/uz-cyr/about.png',
    '/og/uz-CYRL/about.png',
    '/og/en/news/no-such-item.png',
    '/og/en/news/..%2Fsecret.png',
    '/og/en/about.svg',
  ])('answers %s with 404', async (path) => {
    await request(t.app).get(path).expect(404);
  });
});

describe('structured data of the home page', () => {
  it.each(LANGUAGES)('names the Organization and the WebSite in %s', async (lang) => {
    const html = (await request(t.app).get(href('home', lang)).set('User-Agent', 'Googlebot/2.1').expect(200)).text;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const graph = blocks.flatMap((block) => (block['@graph'] as Array<Record<string, unknown>>) ?? [block]);
    const organization = graph.find((node) => node['@type'] === 'Organization')!;
    const website = graph.find((node) => node['@type'] === 'WebSite')!;
    expect(organization).toMatchObject({ name: 'Oq', url: TEST_SITE_URL });
    expect(website).toMatchObject({
      url: `${TEST_SITE_URL}${href('home', lang)}`,
      inLanguage: lang,
      publisher: { '@id': organization['@id'] },
    });
  });
});

describe('crawlers', () => {
  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.75 Safari/537.36 Google Favicon',
    'facebookcatalog/1.0',
    'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  ])('recognises %s as a bot', (ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it('does not take a desktop browser for a bot', () => {
    expect(isBot(BROWSER)).toBe(false);
  });
});
