import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import en from '../../../locales/en.json';
import { API_MESSAGES } from '../../../server/api/messages';
import { formatNumber, formatUzs } from '../../../client/format';
import { DEEPEST_PAGE } from '../../../client/features/number-search/search-query';
import { NUMBER_SEARCH_DEPTH } from '../../../shared/contract/search-depth';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { attr, tags, textOf } from '../../testing/test-html';

const TEXTS = CATALOGUES;
const BROWSER = 'Mozilla/5.0 Chrome/150';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

async function page(path: string): Promise<string> {
  const res = await request(t.app).get(path).set('User-Agent', BROWSER).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.text;
}

/** Inner text of the elements with a class (the number cards, the lot cards…). */
function blocks(html: string, className: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<li class="[^"]*\\b${className}\\b[^"]*"[^>]*>([\\s\\S]*?)</li>`, 'g');
  for (let m = re.exec(html); m; m = re.exec(html)) out.push(textOf(m[1]).trim());
  return out;
}

function links(html: string): string[] {
  return tags(html, 'a').map((a) => attr(a, 'href') ?? '');
}

/** The targets of the links whose text is `name`. */
function linksNamed(html: string, name: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter((m) => textOf(m[2]).trim() === name)
    .map((m) => attr(m[1], 'href') ?? '');
}

describe.each(LANGUAGES)('/numbers in %s', (lang: Language) => {
  const c = TEXTS[lang];

  it('renders the first page of numbers on the server, each with its price, and a real GET filter form', async () => {
    const html = await page(localizePath('/numbers', lang));
    const form = tags(html, 'form').find((f) => attr(f, 'id') === 'number-search');
    expect(form).toBeDefined();
    expect(attr(form!, 'method')).toBe('get');
    for (const name of ['category', 'digits', 'endsWith', 'mask', 'pattern', 'sort']) {
      expect(
        tags(html, 'input')
          .concat(tags(html, 'select'))
          .some((tag) => attr(tag, 'name') === name),
      ).toBe(true);
    }
    const cards = blocks(html, 'number-card');
    expect(cards).toHaveLength(24);
    for (const card of cards) expect(card).toMatch(/^\+998 (77|20) \d{3} \d{2} \d{2} /);
    // The default order lists free numbers first: marked as free, not as "0".
    expect(cards[0]).toContain(c.numbers.free);
    expect(links(html).some((href) => new RegExp(`^${localizePath('/numbers', lang)}\\?page=2&after=\\d+_998\\d{9}$`).test(href))).toBe(
      true,
    );
  });

  it('starts "Next" where the page ended, so a number reserved meanwhile on page 1 shifts nothing', async () => {
    const first = await page(localizePath('/numbers', lang));
    const next = links(first).find((href) => href.startsWith(`${localizePath('/numbers', lang)}?page=2&after=`))!;
    const before = (await request(t.app).get('/api/v1/numbers?page=2&pageSize=24')).body.items.map(
      (n: { formatted: string }) => n.formatted,
    );
    // Another visitor books the first number of page 1.
    const taken = (await request(t.app).get('/api/v1/numbers?pageSize=1')).body.items[0].number;
    await request(t.app).post('/api/v1/reservations').set('X-Language', lang).send({ number: taken }).expect(201);
    const second = await page(next);
    expect(blocks(second, 'number-card').map((card) => card.slice(0, 17))).toEqual(before);
  });

  it('applies the filters from the query and keeps them in the form and the page links', async () => {
    const html = await page(`${localizePath('/numbers', lang)}?category=gold&sort=price_desc&tariff=oq-smart`);
    const cards = blocks(html, 'number-card');
    expect(cards.length).toBeGreaterThan(0);
    const gold = formatUzs(840000, lang).replace(/\s+/g, ' ');
    for (const card of cards) expect(card).toContain(gold);
    const selected = tags(html, 'option')
      .filter((o) => /\sselected=""/.test(o))
      .map((o) => attr(o, 'value'));
    expect(selected).toEqual(expect.arrayContaining(['gold', 'price_desc']));
    // The tariff chosen on the tariff pages travels with every search and page link.
    expect(tags(html, 'input').some((i) => attr(i, 'name') === 'tariff' && attr(i, 'value') === 'oq-smart')).toBe(true);
    expect(links(html).some((href) => href.includes('page=2') && href.includes('category=gold') && href.includes('tariff=oq-smart'))).toBe(
      true,
    );
  });

  it('says "more than" a count too large to count on each search, with a next page but no last one', async () => {
    const html = await page(`${localizePath('/numbers', lang)}?digits=7&page=2`);
    const api = (await request(t.app).get('/api/v1/numbers?contains=7&page=2&pageSize=24')).body;
    expect(api.totalExact).toBe(false);
    const text = textOf(html);
    expect(text).toContain(c.numbers.results.foundMore.replace('{{total}}', String(api.total)));
    expect(text).toContain(c.numbers.results.pageOpen.replace('{{page}}', '2'));
    expect(blocks(html, 'number-card').map((card) => card.slice(0, 17))).toEqual(api.items.map((n: { formatted: string }) => n.formatted));
    expect(links(html)).toContain(`${localizePath('/numbers', lang)}?digits=7`);
    expect(links(html).some((href) => href.startsWith(`${localizePath('/numbers', lang)}?digits=7&page=3&after=`))).toBe(true);
  });

  it('answers a bad query with the page and a message, never an error', async () => {
    const html = await page(`${localizePath('/numbers', lang)}?category=diamond&page=-3&digits=abc&mask=QQ`);
    expect(textOf(html)).toContain(API_MESSAGES[lang].errors.invalidMask);
    const fine = await page(`${localizePath('/numbers', lang)}?page=${DEEPEST_PAGE}&sort=random`);
    expect(textOf(fine)).toContain(c.numbers.results.none);
  });

  // 200, as for every query the page cannot search (a bad mask above): the page and its search
  // form work, and the visitor reads why there is no list; the pager never links there.
  it('says in words that results past the 10,000th are not listed on a page past them, and links back to the first page', async () => {
    const numbers = localizePath('/numbers', lang);
    const sentence = c.numbers.results.tooDeep.replace('{{max}}', formatNumber(NUMBER_SEARCH_DEPTH, lang)).replace(/\s+/g, ' ');
    for (const deep of [9999, DEEPEST_PAGE + 1]) {
      const html = await page(`${numbers}?category=silver&page=${deep}`);
      expect(textOf(html)).toContain(sentence);
      expect(linksNamed(html, c.numbers.results.firstPage)).toEqual([`${numbers}?category=silver`]);
    }
    expect(textOf(await page(`${numbers}?category=silver&page=${DEEPEST_PAGE}`))).not.toContain(sentence);
  });

  it('never links to a page past the bound by its number alone, even from a page "Next" reached beyond it', async () => {
    const numbers = localizePath('/numbers', lang);
    // A search of more matches than it counts: the pager goes on while the API gives a cursor.
    const html = await page(`${numbers}?digits=7&page=${DEEPEST_PAGE + 5}&after=0_998770000000`);
    expect(blocks(html, 'number-card').length).toBeGreaterThan(0);
    const pages = links(html)
      .filter((href) => href.startsWith(`${numbers}?`))
      .map((href) => new URLSearchParams(href.slice(href.indexOf('?'))));
    expect(pages.some((query) => query.get('after') && Number(query.get('page')) === DEEPEST_PAGE + 6)).toBe(true);
    expect(pages.filter((query) => !query.get('after') && Number(query.get('page') ?? 1) > DEEPEST_PAGE)).toEqual([]);
    expect(linksNamed(html, c.numbers.results.firstPage)).toEqual([`${numbers}?digits=7`]);
  });

  it('carries the pickup points for the options form as choices only: what an option shows, for every point', async () => {
    const html = await page(localizePath('/numbers', lang));
    const data = /window\.__ROUTER_STATE__=(\{.*?\});window\./.exec(html);
    expect(data).not.toBeNull();
    const points = JSON.parse(data![1]).loaderData[`${lang}:numbers`].results.pickupPoints as Record<string, unknown>[];
    const api = await request(t.app).get('/api/v1/points-of-sale?service=sim').set('Accept-Language', lang).expect(200);
    expect(points).toEqual(
      api.body.items.map(({ id, cityName, address, landmark }: Record<string, unknown>) => ({ id, cityName, address, landmark })),
    );
    expect(points.length).toBeGreaterThan(10);
  });

  it('marks the auction lots with their current bid and time left, each linking to its auction', async () => {
    const html = await page(localizePath('/numbers', lang));
    const lots = blocks(html, 'lot-card');
    expect(lots.length).toBe(6);
    const lot = lots.find((text) => text.includes('+998 77 111 11 11'))!;
    expect(lot).toContain(c.auction.badge);
    expect(lot).toContain(c.auction.currentBid);
    expect(lot).toContain(c.auction.timeLeft);
    expect(links(html)).toContain(`${localizePath('/numbers', lang)}?lot=lot-006`);
  });

  it('shows one auction lot with the server end time, its bids and the way to bid', async () => {
    const html = await page(`${localizePath('/numbers', lang)}?lot=lot-006`);
    const text = textOf(html);
    expect(text).toContain('+998 77 111 11 11');
    expect(text).toContain(c.auction.minimumBid);
    expect(text).toContain(c.auction.endsAt);
    expect(text).toContain(c.auction.history);
    expect(text).toContain(c.auction.verifyToBid);
    const missing = await page(`${localizePath('/numbers', lang)}?lot=lot-999`);
    expect(textOf(missing)).toContain(c.auction.notFound);
  });
});

describe.each(['/numbers/booking', '/numbers/watches'])('the browser-only data route %s', (path) => {
  it.each(LANGUAGES)('is no page in %s: the server has no tokens to read it with, so it answers the 404 page', async (lang) => {
    const res = await request(t.app).get(localizePath(path, lang)).set('User-Agent', BROWSER).expect(404);
    expect(textOf(res.text)).toContain(TEXTS[lang].errors.notFound.title);
  });
});

describe.each(LANGUAGES)('the later steps in %s', (lang: Language) => {
  const c = TEXTS[lang];

  it('render a neutral page on the server: the visitor state lives in their browser', async () => {
    for (const [path, title] of [
      ['/identification', c.pages.identification.title],
      ['/payment', c.pages.payment.title],
      ['/success', c.pages.success.title],
    ]) {
      const html = await page(localizePath(path, lang));
      const text = textOf(html);
      expect(text).toContain(title);
      expect(text).not.toContain(c.messages.selectNumberFirst);
      expect(text).not.toContain(c.messages.registerFirst);
    }
  });

  it('say on the retry page what to fix, with Retry and Support Service', async () => {
    const html = await page(`${localizePath('/identification/retry', lang)}?reason=selfie_mirrored&tariff=oq-start&sim=esim`);
    const text = textOf(html);
    expect(text).toContain(c.identification.rejections.selfieMirrored);
    expect(text).toContain(c.actions.retry);
    expect(text).toContain(c.actions.supportService);
    expect(links(html)).toContain(`${localizePath('/identification', lang)}?tariff=oq-start&sim=esim`);
    expect(links(html)).toContain(`${localizePath('/about', lang)}#support`);
    const unknown = await page(`${localizePath('/identification/retry', lang)}?reason=__proto__`);
    expect(textOf(unknown)).toContain(c.identification.retry.generic);
  });
});

describe('when the API is down', () => {
  it('still renders /numbers with a clear message and a Retry link', async () => {
    const down = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    try {
      const res = await request(down.app).get('/en/numbers?category=gold').set('User-Agent', BROWSER).expect(200);
      const text = textOf(res.text);
      expect(text).toContain(en.numbers.results.failed);
      expect(text).toContain(en.auction.listFailed);
      expect(links(res.text)).toContain('/en/numbers?category=gold');
      const identification = await request(down.app).get('/en/identification').set('User-Agent', BROWSER).expect(200);
      expect(textOf(identification.text)).toContain(en.pages.identification.title);
    } finally {
      down.close();
    }
  });
});
