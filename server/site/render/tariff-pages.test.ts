import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import en from '../../../locales/en.json';
import uz from '../../../locales/uz.json';
import { formatUzs } from '../../../client/format';
import type { ConstructorOptions, NewsList, ReadyTariff, TariffQuote } from '../../../shared/api-types';
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

async function page(app: TestApp['app'], path: string): Promise<string> {
  const res = await request(app).get(path).set('User-Agent', BROWSER).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.text;
}

async function apiGet<T>(path: string, lang: Language, query: Record<string, string> = {}): Promise<T> {
  return (await request(t.app).get(`/api/v1${path}`).query(query).set('X-Language', lang).expect(200)).body as T;
}

/** Text as textOf gives it: every run of white space, the no-break ones too, is one space. */
const plain = (value: string) => value.replace(/\s+/g, ' ');

function inputs(html: string, name: string): string[] {
  return tags(html, 'input').filter((tag) => attr(tag, 'name') === name);
}

function checkedValues(html: string, name: string): string[] {
  return inputs(html, name)
    .filter((tag) => attr(tag, 'checked') !== null)
    .map((tag) => attr(tag, 'value') ?? '');
}

describe.each(LANGUAGES)('the tariff pages in %s', (lang: Language) => {
  const strings = TEXTS[lang];

  it('/constructor renders every step of the API, the default configuration and its quoted price', async () => {
    const options = await apiGet<ConstructorOptions>('/tariff-constructor', lang);
    const quote = await apiGet<TariffQuote>('/tariff-constructor/quote', lang, {
      internetGb: String(options.defaults.internetGb),
      minutes: String(options.defaults.minutes),
      sms: String(options.defaults.sms),
      nightInternet: String(options.defaults.nightInternet),
      dedicated: String(options.defaults.dedicated),
    });
    const html = await page(t.app, localizePath('/constructor', lang));
    const text = textOf(html);
    for (const field of ['internetGb', 'minutes', 'sms'] as const) {
      expect(inputs(html, field).map((tag) => attr(tag, 'value'))).toEqual(options[field].map((step) => String(step.value)));
      expect(checkedValues(html, field)).toEqual([String(options.defaults[field])]);
    }
    expect(checkedValues(html, 'nightInternet')).toEqual(options.defaults.nightInternet ? ['1'] : []);
    expect(checkedValues(html, 'dedicated')).toEqual(options.defaults.dedicated ? ['1'] : []);
    expect(text).toContain(options.nightInternet.label);
    expect(text).toContain(options.dedicated.label);
    expect(text).toContain(plain(formatUzs(quote.monthlyPrice, lang)));
    expect(text).toContain(plain(formatUzs(quote.firstMonthsPrice, lang)));
    expect(html).toMatch(/aria-live="polite"/);
    // Without JavaScript: a GET form re-rendering this page, and a button to /numbers with the choice.
    const form = tags(html, 'form').find((tag) => attr(tag, 'action') === localizePath('/constructor', lang));
    expect(form && attr(form, 'method')).toBe('get');
    const choose = tags(html, 'button').find((tag) => attr(tag, 'formAction') === localizePath('/numbers', lang));
    expect(choose && [attr(choose, 'name'), attr(choose, 'value')]).toEqual(['tariff', 'constructor']);
    expect(text).toContain(strings.tariffConstructor.chooseNumber);
    expect(text).toContain(strings.tariffConstructor.recalculate);
  });

  it('/constructor renders the configuration in the query with the price the API quotes for it', async () => {
    const query = { internetGb: '50', minutes: '1000', sms: '3000', nightInternet: '1' };
    const quote = await apiGet<TariffQuote>('/tariff-constructor/quote', lang, query);
    const html = await page(t.app, `${localizePath('/constructor', lang)}?${new URLSearchParams(query)}`);
    expect(checkedValues(html, 'internetGb')).toEqual(['50']);
    expect(checkedValues(html, 'minutes')).toEqual(['1000']);
    expect(checkedValues(html, 'sms')).toEqual(['3000']);
    expect(checkedValues(html, 'nightInternet')).toEqual(['1']);
    expect(checkedValues(html, 'dedicated')).toEqual([]);
    expect(textOf(html)).toContain(plain(formatUzs(quote.monthlyPrice, lang)));
    expect(textOf(html)).toContain(plain(formatUzs(quote.firstMonthsPrice, lang)));
  });

  it('/specificTariffs lists every ready tariff with its fee, first-months price, allowances and a way to pick it', async () => {
    const { items } = await apiGet<{ items: ReadyTariff[] }>('/tariffs', lang);
    const html = await page(t.app, localizePath('/specificTariffs', lang));
    const text = textOf(html);
    const links = tags(html, 'a').map((tag) => attr(tag, 'href'));
    for (const tariff of items) {
      expect(text).toContain(tariff.name);
      expect(text).toContain(plain(formatUzs(tariff.monthlyPrice, lang)));
      expect(text).toContain(plain(formatUzs(tariff.firstMonthsPrice, lang)));
      expect(text).toContain(tariff.dedicated.label);
      expect(links).toContain(`${localizePath('/numbers', lang)}?tariff=${tariff.id}`);
    }
    expect(text).toContain(strings.tariffs.units.unlimitedMinutes);
    expect(text).toContain(strings.tariffs.fields.nightInternet);
    expect(inputs(html, 'compare')).toHaveLength(items.length);
    expect(html).not.toContain('id="comparison"');
  });

  it('/specificTariffs?compare= renders the tariffs side by side, ticked', async () => {
    const { items } = await apiGet<{ items: ReadyTariff[] }>('/tariffs', lang);
    const [a, b] = [items[0], items[4]];
    const html = await page(t.app, `${localizePath('/specificTariffs', lang)}?compare=${b.id},${a.id}`);
    const table = /<table[\s\S]*<\/table>/.exec(html)?.[0] ?? '';
    const headers = textOf(/<thead>[\s\S]*<\/thead>/.exec(table)?.[0] ?? '').trim();
    expect(headers).toBe(`${a.name} ${b.name}`);
    expect(textOf(table)).toContain(strings.tariffs.fields.monthlyPrice);
    expect(textOf(table)).toContain(`${plain(formatUzs(a.monthlyPrice, lang))} ${plain(formatUzs(b.monthlyPrice, lang))}`);
    expect(checkedValues(html, 'compare')).toEqual([a.id, b.id]);
  });
});

describe('the comparison', () => {
  it('keeps the first three of more, reads the form query (compare=a&compare=b), and ignores unknown ids', async () => {
    const { items } = await apiGet<{ items: ReadyTariff[] }>('/tariffs', 'en');
    const query = ['nope', ...items.slice(0, 4).map((tariff) => tariff.id)].map((id) => `compare=${id}`).join('&');
    const html = await page(t.app, `/en/specificTariffs?${query}`);
    expect(checkedValues(html, 'compare')).toEqual(items.slice(0, 3).map((tariff) => tariff.id));
    expect(textOf(html)).toContain('Up to 3 tariffs can be compared');
  });

  it('with one tariff asks for another', async () => {
    const html = await page(t.app, '/en/specificTariffs?compare=oq-smart');
    expect(textOf(html)).toContain(en.tariffs.compare.pickMore);
    expect(html).not.toContain('<table');
  });
});

describe('a hand-edited constructor link', () => {
  it('is clamped to the nearest steps rather than an error', async () => {
    const html = await page(t.app, '/en/constructor?internetGb=37&minutes=-5&sms=abc&nightInternet=maybe');
    expect(checkedValues(html, 'internetGb')).toEqual(['30']);
    expect(checkedValues(html, 'minutes')).toEqual(['500']);
    expect(checkedValues(html, 'sms')).toEqual(['100']);
    expect(checkedValues(html, 'nightInternet')).toEqual([]);
  });
});

describe.each(LANGUAGES)('the home page in %s', (lang: Language) => {
  it('server-renders the welcome, tariffs, constructor, numbers, SIM types, news and points of sale', async () => {
    const strings = TEXTS[lang];
    const [tariffs, news, sims] = await Promise.all([
      apiGet<{ items: ReadyTariff[] }>('/tariffs', lang),
      apiGet<NewsList>('/news', lang, { pageSize: '3' }),
      apiGet<{ items: { name: string }[] }>('/sim-types', lang),
    ]);
    const html = await page(t.app, localizePath('/', lang));
    const text = textOf(html);
    expect(text).toContain(strings.pages.home.welcomeTitle);
    expect(text).toContain(strings.pages.home.welcomeDescription);
    for (const section of [
      strings.home.tariffs.title,
      strings.home.tariffBuilder.title,
      strings.home.numbers.title,
      strings.home.sim.title,
      strings.home.news.title,
      strings.home.points.title,
    ]) {
      expect(text).toContain(section);
    }
    for (const tariff of tariffs.items.slice(0, 3)) expect(text).toContain(tariff.name);
    for (const item of news.items) expect(text).toContain(item.title);
    for (const sim of sims.items) expect(text).toContain(sim.name);
    const links = tags(html, 'a').map((tag) => attr(tag, 'href'));
    expect(links).toContain(localizePath('/numbers', lang));
    expect(links).toContain(localizePath('/constructor', lang));
    expect(links).toContain(localizePath('/pointsOfSale', lang));
    expect(links).toContain(`${localizePath('/numbers', lang)}?category=gold`);
    expect(text).toMatch(/\+998 \d\d \d\d\d \d\d \d\d/);
    expect(text).not.toContain(strings.home.news.loadError);
  });
});

/** The site's API, with some paths answering 500: a stand-in for one failing backend call. */
async function startFailingProxy(upstream: string, failing: RegExp): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (failing.test(path)) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'down for the test' } }));
      return;
    }
    fetch(`${upstream}${path}`, { headers: { 'X-Language': String(req.headers['x-language'] ?? 'ru') } })
      .then(async (answer) => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(await answer.text());
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('when the API fails', () => {
  let upstream: Server;
  beforeAll(async () => {
    upstream = await new Promise<Server>((resolve) => {
      const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(() => new Promise((resolve) => upstream.close(resolve)));

  it('the home page still renders every other section when the news call fails', async () => {
    const proxy = await startFailingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, /^\/api\/v1\/news/);
    const site = createTestApp({ API_BASE_URL: proxy.baseUrl });
    try {
      const text = textOf(await page(site.app, '/en'));
      expect(text).toContain(en.home.news.loadError);
      expect(text).toContain(en.actions.retry);
      expect(text).toContain('Oq Start');
      expect(text).toContain('eSIM');
      expect(text).toContain(en.home.points.cta);
      expect(text).toMatch(/\+998 \d\d \d\d\d \d\d \d\d/);
    } finally {
      site.close();
      await proxy.close();
    }
  });

  it('every page answers 200 with a localized error and a retry when the API is unreachable', async () => {
    const site = createTestApp({ API_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    try {
      const home = textOf(await page(site.app, '/uz'));
      expect(home).toContain(uz.pages.home.welcomeTitle);
      expect(home).toContain(uz.tariffs.loadError);
      expect(home).toContain(uz.home.news.loadError);
      expect(textOf(await page(site.app, '/uz/constructor'))).toContain(uz.tariffConstructor.loadError);
      expect(textOf(await page(site.app, '/uz/specificTariffs?compare=oq-max'))).toContain(uz.tariffs.loadError);
    } finally {
      site.close();
    }
  });
});
