import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpReader } from '../../../client/api/reader';
import { ApiFailure } from '../../../shared/api-failure';
import { LANGUAGES, type Language } from '../../../shared/languages';
import type { OperatorReader } from '../../../shared/reads';
import { createHttpClient } from '../../../shared/http';
import { createTestApi, type TestApi } from '../../api/test-support/test-api';
import { openDatabase } from '../../api/store/database';
import { createEmbeddedReaders } from './embedded-reader';

/*
 * The operator API's two readers give the same answers: every read, in every language, through
 * the embedded API's own functions and through HTTP (the shared client against the same API
 * listening on loopback), for search filters, cursors, pages, and refusals (404, 400 with its field).
 */

let t: TestApi;
let server: http.Server;
let readers: Record<'embedded' | 'http', (lang: Language) => OperatorReader>;

beforeAll(async () => {
  t = createTestApi();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const embedded = createEmbeddedReaders(t.api);
  readers = {
    embedded: (lang) => embedded({ lang }),
    http: (lang) => httpReader(createHttpClient({ baseURL: `http://127.0.0.1:${port}/api/v1`, getLocale: () => lang, storage: null })),
  };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

type Outcome = { ok: true; value: unknown } | { ok: false; status: number | undefined; data: unknown };

async function outcome(read: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    // Both readers reject with the one failure type.
    if (!(error instanceof ApiFailure)) throw error;
    return { ok: false, status: error.status, data: error.body };
  }
}

/** Both readers' outcomes of one read, in a language; JSON-equal values (the HTTP one went through JSON). */
async function both(lang: Language, call: (reader: OperatorReader) => Promise<unknown>) {
  const [embedded, overHttp] = await Promise.all([outcome(call(readers.embedded(lang))), outcome(call(readers.http(lang)))]);
  return { embedded: JSON.parse(JSON.stringify(embedded)) as Outcome, http: overHttp };
}

async function expectSame(lang: Language, call: (reader: OperatorReader) => Promise<unknown>): Promise<Outcome> {
  const { embedded, http: overHttp } = await both(lang, call);
  expect(embedded).toEqual(overHttp);
  return embedded;
}

describe('the embedded and the HTTP reader', () => {
  it.each(LANGUAGES)('answer the catalogue alike in %s', async (lang) => {
    for (const call of [
      (r: OperatorReader) => r.tariffs(),
      (r: OperatorReader) => r.tariffConstructor(),
      (r: OperatorReader) => r.simTypes(),
      (r: OperatorReader) => r.numberCategories(),
      (r: OperatorReader) => r.pointsOfSale({}),
      (r: OperatorReader) => r.pointsOfSale({ service: 'sim', city: 'tashkent' }),
      (r: OperatorReader) => r.pointsOfSale({ lat: 41.3111, lon: 69.2797 }),
      (r: OperatorReader) => r.tariff('oq-start'),
      (r: OperatorReader) => r.tariffQuote({ internetGb: 20, minutes: 500, sms: 100, nightInternet: true }),
      (r: OperatorReader) => r.auctions({ status: 'active' }),
      (r: OperatorReader) => r.auctions({}),
    ]) {
      const answer = await expectSame(lang, call);
      expect(answer.ok).toBe(true);
    }
  });

  it.each(LANGUAGES)('answer the news, its pages and one item alike in %s', async (lang) => {
    const first = await expectSame(lang, (r) => r.news({ pageSize: 6 }));
    await expectSame(lang, (r) => r.news({ page: 2, pageSize: 3 }));
    const slug = (first as { value: { items: { slug: string }[] } }).value.items[0].slug;
    const item = await expectSame(lang, (r) => r.newsItem(slug));
    expect(item).toMatchObject({ ok: true, value: { slug } });
  });

  it('answer every number search filter alike, page after page by cursor', async () => {
    const searches = [
      {},
      { category: 'gold' as const, pageSize: 7 },
      { contains: '77', sort: 'price_desc' as const },
      { endsWith: '00' },
      { mask: 'XXX-YY-YY' },
      { pattern: 'mirror' as const, includeUnavailable: true },
      { category: 'free' as const, page: 3, pageSize: 5 },
    ];
    for (const search of searches) {
      let cursor: string | null | undefined;
      for (let page = 0; page < 3; page += 1) {
        const answer = await expectSame('en', (r) => r.numbers({ ...search, ...(cursor ? { cursor } : {}) }));
        expect(answer.ok).toBe(true);
        cursor = (answer as { value: { nextCursor: string | null } }).value.nextCursor;
        if (!cursor) break;
      }
    }
    const lots = (await readers.embedded('en').auctions({})).items;
    for (const lang of LANGUAGES) await expectSame(lang, (r) => r.auction(lots[0].id));
    const [point] = (await readers.embedded('en').pointsOfSale({})).items;
    for (const lang of LANGUAGES) expect(await expectSame(lang, (r) => r.pointOfSale(point.id))).toMatchObject({ ok: true });
    const [number] = (await readers.embedded('en').numbers({})).items;
    expect(await expectSame('en', (r) => r.number(number.number))).toMatchObject({ ok: true });
  });

  it.each(LANGUAGES)('refuse alike in %s: a 404 for what is not there, a 400 naming the field', async (lang) => {
    const refusals = [
      [(r: OperatorReader) => r.newsItem('no-such-news'), 404, undefined],
      [(r: OperatorReader) => r.auction('lot-none'), 404, undefined],
      [(r: OperatorReader) => r.tariff('no-such-tariff'), 404, undefined],
      [(r: OperatorReader) => r.number('+998901234567x'), 400, 'number'],
      [(r: OperatorReader) => r.numbers({ mask: 'XYZ' }), 400, 'mask'],
      [(r: OperatorReader) => r.numbers({ pageSize: 5000 }), 400, 'pageSize'],
      [(r: OperatorReader) => r.numbers({ cursor: 'not-a-cursor' }), 400, 'cursor'],
      [(r: OperatorReader) => r.pointsOfSale({ lat: 41.3 }), 400, 'lon'],
      [(r: OperatorReader) => r.pointsOfSale({ city: 'atlantis' }), 400, 'city'],
    ] as const;
    for (const [call, status, field] of refusals) {
      const answer = await expectSame(lang, call);
      expect(answer).toMatchObject({ ok: false, status });
      expect((answer as { data: { error: { field?: string } } }).data.error.field).toBe(field);
    }
  });

  it('are told apart by the comparison when either side is broken on purpose', async () => {
    const embedded = createEmbeddedReaders({
      ...t.api,
      read: async (name, request) => {
        const result = await t.api.read(name, request);
        // Broken on purpose: one tariff fewer.
        if (result.ok && name === 'tariffs')
          return { ok: true, value: { items: (result.value as { items: unknown[] }).items.slice(1) } } as typeof result;
        return result;
      },
    });
    const broken = await Promise.all([outcome(embedded({ lang: 'en' }).tariffs()), outcome(readers.http('en').tariffs())]);
    expect(broken[0]).not.toEqual(broken[1]);
    // And the HTTP side broken: a wrong path answers the API's 404, where the embedded side answers the list.
    const wrongPath: OperatorReader = { ...readers.http('en'), tariffs: () => readers.http('en').newsItem('tariffs') as never };
    const [right, wrong] = await Promise.all([outcome(readers.embedded('en').tariffs()), outcome(wrongPath.tariffs())]);
    expect(JSON.parse(JSON.stringify(right))).not.toEqual(wrong);
  });

  it('keep an answer while the data it was made from stands, and read it again once that changes', async () => {
    let reads = 0;
    const counting = createEmbeddedReaders({
      ...t.api,
      read: (...args) => {
        reads += 1;
        return t.api.read(...args);
      },
    });
    const reader = counting({ lang: 'ru' });
    await reader.tariffs();
    await reader.tariffs();
    expect(reads).toBe(1);
    await counting({ lang: 'uz' }).tariffs();
    expect(reads).toBe(2);
    await reader.numbers({ category: 'gold' });
    await reader.numbers({ category: 'gold' });
    expect(reads).toBe(3);
    // Another connection to the store, as another process would write it.
    const store = openDatabase(t.dataDir);
    // A tariff's price changes: the next read reads again, once.
    store.prepare('UPDATE tariffs SET monthly_price = monthly_price + 1000 WHERE id = (SELECT id FROM tariffs LIMIT 1)').run();
    await reader.tariffs();
    await reader.tariffs();
    expect(reads).toBe(4);
    // A number held: the search is read again; the tariffs are not.
    const [first] = (await reader.numbers({ category: 'gold' })).items;
    expect(reads).toBe(4);
    const held = store
      .prepare("UPDATE numbers SET hold_kind = 'reservation', hold_ref = 'r-test', held_until = ? WHERE msisdn = ?")
      .run(t.clock.now() + 60_000, first.number);
    expect(held.changes).toBe(1);
    await reader.numbers({ category: 'gold' });
    await reader.tariffs();
    expect(reads).toBe(5);
    // The clock passes the hold's end: the search is read again, with no write at all.
    t.clock.advance(61_000);
    await reader.numbers({ category: 'gold' });
    expect(reads).toBe(6);
    // A kept answer is frozen: one answer is handed to every render.
    expect(Object.isFrozen((await reader.tariffs()).items[0])).toBe(true);
    store.close();
  });
});
