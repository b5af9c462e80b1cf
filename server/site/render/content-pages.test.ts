import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import type { NewsItem, NewsList, PointOfSaleList } from '../../../shared/api-types';
import { LANGUAGES, LANGUAGE_TAG, localizePath, type Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { formatDate } from '../../../client/format';
import { createTestApp, TEST_SITE_URL, type TestApp } from '../../testing/test-app';
import { attr, linkHref, metaContent, tags, textOf, titleOf } from '../../testing/test-html';

const TEXTS = CATALOGUES;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150';

let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

async function page(path: string, status = 200): Promise<string> {
  const res = await request(t.app).get(path).set('User-Agent', BROWSER).expect(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.text;
}

async function api<T>(path: string, lang: Language): Promise<T> {
  return (await request(t.app).get(`/api/v1${path}`).set('X-Language', lang).expect(200)).body as T;
}

/** The `<li class="news-card">` items of a list page, in document order. */
function newsCards(html: string): string[] {
  return html.match(/<li class="news-card">[\s\S]*?<\/li>/g) ?? [];
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

describe.each(LANGUAGES)('news in %s', (lang) => {
  const texts = TEXTS[lang];

  it('lists the newest items first, each with its image, date, title, summary and link', async () => {
    const expected = await api<NewsList>('/news?pageSize=6', lang);
    const html = await page(localizePath('/news', lang));
    const cards = newsCards(html);
    expect(cards).toHaveLength(6);
    expected.items.forEach((item, index) => {
      const card = cards[index];
      expect(textOf(card)).toContain(item.title);
      expect(textOf(card)).toContain(item.summary);
      expect(textOf(card)).toContain(formatDate(item.publishedAt, lang));
      expect(card).toContain(`href="${href('newsItem', lang, { slug: item.slug })}"`);
      const img = tags(card, 'img')[0];
      expect(attr(img, 'src')).toBe(item.image.url);
      expect(attr(img, 'width')).toBe(String(item.image.width));
      expect(attr(img, 'height')).toBe(String(item.image.height));
      expect(attr(img, 'alt')).toContain(item.title);
    });
    const dates = expected.items.map((item) => item.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(titleOf(html)).toBe(`${texts.pages.news.title} | Oq`);
    expect(linkHref(html, 'canonical')).toBe(`${TEST_SITE_URL}${localizePath('/news', lang)}`);
  });

  it('links to the next pages with real links that the server renders', async () => {
    const html = await page(localizePath('/news', lang));
    const nav = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(attr(tags(nav, 'nav')[0], 'aria-label')).toBe(texts.news.pagination.label);
    const hrefs = tags(nav, 'a').map((a) => attr(a, 'href'));
    expect(hrefs).toContain(href('news', lang, {}, { page: 2 }));
    expect(hrefs).toContain(href('news', lang, {}, { page: 3 }));
    expect(nav).toMatch(/<a [^>]*rel="next"[^>]*>|<a [^>]*href="[^"]*page=2"[^>]*rel="next"/);
    expect(nav).toContain('aria-current="page"');
  });

  it('shows page 2 with its own items, a title and a canonical link naming the page', async () => {
    const expected = await api<NewsList>('/news?page=2&pageSize=6', lang);
    const path = href('news', lang, {}, { page: 2 });
    const html = await page(path);
    const cards = newsCards(html);
    expect(cards.map((card) => textOf(card))).toEqual(expected.items.map((item) => expect.stringContaining(item.title)));
    const pageTitle = texts.news.pageTitle.replace('{{title}}', texts.pages.news.title).replace('{{page}}', '2');
    expect(titleOf(html)).toBe(`${pageTitle} | Oq`);
    expect(linkHref(html, 'canonical')).toBe(`${TEST_SITE_URL}${path}`);
    expect(metaContent(html, 'og:url')).toBe(`${TEST_SITE_URL}${path}`);
    for (const other of LANGUAGES) {
      expect(linkHref(html, 'alternate', LANGUAGE_TAG[other])).toBe(`${TEST_SITE_URL}${href('news', other, {}, { page: 2 })}`);
    }
    const nav = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    // Page 1 is the list's own address, without `?page=1`.
    expect(tags(nav, 'a').map((a) => attr(a, 'href'))).toContain(href('news', lang));
    expect(nav).not.toContain('page=1"');
  });

  it('shows the last page for a page number past the end, and the first for garbage, never an error', async () => {
    const last = await api<NewsList>('/news?page=3&pageSize=6', lang);
    const past = await page(href('news', lang, {}, { page: 99 }));
    expect(newsCards(past)).toHaveLength(last.items.length);
    expect(textOf(past)).toContain(last.items[0].title);
    expect(linkHref(past, 'canonical')).toBe(`${TEST_SITE_URL}${href('news', lang, {}, { page: 3 })}`);
    for (const garbage of ['abc', '0', '-2', '1.5', '%00', '99999999999999999999', '2&page=3']) {
      const html = await page(`${localizePath('/news', lang)}?page=${garbage}`);
      expect(newsCards(html).length).toBeGreaterThan(0);
    }
    const first = await page(`${localizePath('/news', lang)}?page=abc`);
    expect(linkHref(first, 'canonical')).toBe(`${TEST_SITE_URL}${localizePath('/news', lang)}`);
  });

  it('shows an item with its own head tags and Article structured data', async () => {
    const list = await api<NewsList>('/news', lang);
    const item = await api<NewsItem>(`/news/${list.items[1].slug}`, lang);
    const path = href('newsItem', lang, { slug: item.slug });
    const html = await page(path);
    const title = item.title.includes('Oq') ? item.title : `${item.title} | Oq`;
    expect(titleOf(html)).toBe(title);
    expect(metaContent(html, 'description')).toBe(item.summary);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:description')).toBe(item.summary);
    expect(metaContent(html, 'og:image')).toBe(`${TEST_SITE_URL}/og/${lang}/news/${item.slug}.png`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(linkHref(html, 'canonical')).toBe(`${TEST_SITE_URL}${path}`);
    const text = textOf(html);
    expect(text).toContain(item.title);
    expect(text).toContain(formatDate(item.publishedAt, lang));
    for (const paragraph of item.body.split(/\n\s*\n/)) expect(text).toContain(paragraph);
    const img = tags(html, 'img').find((tag) => attr(tag, 'src') === item.image.url)!;
    expect(attr(img, 'width')).toBe(String(item.image.width));
    expect(attr(img, 'height')).toBe(String(item.image.height));
    expect(attr(img, 'alt')).toContain(item.title);

    const [article] = jsonLd(html);
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: item.title,
      description: item.summary,
      image: [`${TEST_SITE_URL}${item.image.url}`],
      datePublished: item.publishedAt,
      inLanguage: lang,
      url: `${TEST_SITE_URL}${path}`,
      publisher: { '@type': 'Organization', name: 'Oq' },
    });
    expect(html).toContain(`href="${href('news', lang)}"`);
  });

  it('answers an unknown slug with the 404 page and its message', async () => {
    const path = localizePath('/news/no-such-item', lang);
    const html = await page(path, 404);
    expect(textOf(html)).toContain(texts.errors.notFound.message.replace('{{path}}', path));
    expect(jsonLd(html)).toEqual([]);
  });
});

describe('news when the API is down', () => {
  it('still answers 200 with a localized error and a Retry link', async () => {
    const down = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    try {
      for (const lang of LANGUAGES) {
        const res = await request(down.app)
          .get(`${localizePath('/news', lang)}?page=2`)
          .set('User-Agent', BROWSER)
          .expect(200);
        expect(textOf(res.text)).toContain(TEXTS[lang].news.loadError);
        expect(res.text).toMatch(
          new RegExp(`<a class="button button--primary" href="${localizePath('/news', lang)}\\?page=2">${TEXTS[lang].actions.retry}</a>`),
        );
      }
    } finally {
      down.close();
    }
  });
});

describe.each(LANGUAGES)('points of sale in %s', (lang) => {
  const texts = TEXTS[lang];

  /** The names of the offices in the server-rendered list, in order. */
  function listed(html: string): string[] {
    const list = /<ol class="pos-list"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
    return [...list.matchAll(/<h3 class="pos-card__name">([^<]*)<\/h3>/g)].map((m) => textOf(m[1]).trim());
  }

  it('renders every office in the list on the server, with address, hours, services and the filter form', async () => {
    const all = await api<PointOfSaleList>('/points-of-sale', lang);
    const html = await page(localizePath('/pointsOfSale', lang));
    expect(all.items.length).toBeGreaterThanOrEqual(30);
    expect(listed(html)).toEqual(all.items.map((p) => p.name));
    const text = textOf(html);
    expect(text).toContain(all.items[0].address);
    expect(text).toContain(texts.pointsOfSale.hours.monFri);
    expect(text).toContain(texts.pointsOfSale.services.identification);
    expect(html).toMatch(/<form [^>]*method="get"/);
    expect(html).toMatch(/<select [^>]*name="city"/);
    expect(html).toMatch(/<select [^>]*name="service"/);
    for (const city of all.cities) expect(html).toContain(`<option value="${city.id}">${city.name}</option>`);
  });

  it('applies the city and service filters from the query', async () => {
    const expected = await api<PointOfSaleList>('/points-of-sale?city=tashkent&service=identification', lang);
    const everything = await api<PointOfSaleList>('/points-of-sale', lang);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(expected.items.length).toBeLessThanOrEqual(everything.items.filter((p) => p.city === 'tashkent').length);
    const html = await page(href('pointsOfSale', lang, {}, { city: 'tashkent', service: 'identification' }));
    expect(listed(html)).toEqual(expected.items.map((p) => p.name));
    // The form shows the filters it applied.
    expect(html).toMatch(/<option value="tashkent" selected="">/);
    expect(html).toMatch(/<option value="identification" selected="">/);
    const esim = await api<PointOfSaleList>('/points-of-sale?service=esim', lang);
    expect(listed(await page(href('pointsOfSale', lang, {}, { service: 'esim' })))).toEqual(esim.items.map((p) => p.name));
  });

  it('sorts by distance from lat and lon in the query and shows the distances', async () => {
    const html = await page(href('pointsOfSale', lang, {}, { lat: '39.6542', lon: '66.9597' }));
    const expected = await api<PointOfSaleList>('/points-of-sale?lat=39.6542&lon=66.9597', lang);
    expect(expected.items[0].city).toBe('samarkand');
    expect(listed(html)).toEqual(expected.items.map((p) => p.name));
    expect(textOf(html)).toContain(texts.pointsOfSale.nearest.sorted);
    expect(html).toContain('class="pos-card__distance"');
  });

  it('ignores an unknown city and malformed filters instead of failing', async () => {
    const all = await api<PointOfSaleList>('/points-of-sale', lang);
    for (const query of ['city=atlantis', 'service=fax', 'lat=abc&lon=1', 'lat=95&lon=66', 'city=%3Cscript%3E', 'city=a&city=b']) {
      const html = await page(`${localizePath('/pointsOfSale', lang)}?${query}`);
      expect(listed(html)).toHaveLength(all.items.length);
    }
  });
});

describe.each(LANGUAGES)('about and Oq Day in %s', (lang) => {
  const texts = TEXTS[lang];

  it('presents what Oq offers and a support section at #support', async () => {
    const html = await page(localizePath('/about', lang));
    const text = textOf(html);
    for (const offer of Object.values(texts.about.offers)) expect(text).toContain(offer.title);
    expect(html).toMatch(/<section id="support"[^>]*>/);
    expect(text).toContain(texts.about.support.title);
    expect(html).toContain('href="tel:1100"');
  });

  it('shows the offers of the day from the API in the web-view layout, with no link off the site', async () => {
    const res = await request(t.app).get(localizePath('/oqDay', lang)).set('User-Agent', 'Googlebot/2.1').expect(200);
    const tariffs = (await api<{ items: Array<{ name: string }> }>('/tariffs', lang)).items;
    const text = textOf(res.text);
    expect(text).toContain(texts.oqDay.gifts.title);
    expect(text).toContain(tariffs[0].name);
    expect(res.text).toContain('oq-day-number__value');
    const links = tags(res.text, 'a').map((a) => attr(a, 'href') ?? '');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/(?!\/)/);
    expect(res.text).not.toContain('target="_blank"');
  });
});
