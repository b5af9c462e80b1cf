import request from 'supertest';
import { NUMBER_SEARCH_DEPTH } from '../../../shared/contract/search-depth';
import { createPrng, intBetween, pick } from '../seed/prng';
import { createTestApi, MINUTE, reserve, type TestApi } from '../test-support/test-api';
import { MARK_EVERY } from './page-start';

let t: TestApi;
beforeAll(() => {
  t = createTestApi({ demoNumbers: 12_000, watchTimer: false });
}, 60_000);
afterAll(() => t.close());

type Query = Record<string, string>;
const numbersOf = (body: { items: Array<{ number: string }> }) => body.items.map((n) => n.number);
const get = async (q: Query) => (await request(t.app).get('/api/v1/numbers').query(q).expect(200)).body;

/** The search's first NUMBER_SEARCH_DEPTH results, read by cursor (which never uses the marks). */
async function byCursor(q: Query): Promise<string[]> {
  const seen: string[] = [];
  let body = await get({ ...q, pageSize: '100' });
  seen.push(...numbersOf(body));
  while (body.nextCursor && seen.length < NUMBER_SEARCH_DEPTH) {
    body = await get({ ...q, pageSize: '100', cursor: body.nextCursor });
    seen.push(...numbersOf(body));
  }
  return seen;
}

const SEARCHES: Query[] = [{}, { sort: 'price_desc' }, { pattern: 'repeats' }, { includeUnavailable: 'true', sort: 'price_desc' }];

describe('pages asked for by their number', () => {
  it('start at their place at any depth, whatever pages of the same search were asked for before them', async () => {
    const random = createPrng(49);
    for (const q of SEARCHES) {
      const all = await byCursor(q);
      for (let i = 0; i < 60; i++) {
        const pageSize = pick(random, [1, 7, 24, 50, 99, 100]);
        const page = intBetween(random, 1, Math.floor(NUMBER_SEARCH_DEPTH / pageSize));
        const context = JSON.stringify({ ...q, page, pageSize });
        const body = await get({ ...q, page: String(page), pageSize: String(pageSize) });
        expect([context, numbersOf(body)]).toEqual([context, all.slice((page - 1) * pageSize, page * pageSize)]);
      }
    }
  }, 120_000);

  it('start at their new place once the store has changed: a number held or freed before a mark moves every page after it', async () => {
    const deep = { page: String(Math.floor((4 * MARK_EVERY) / 10) + 3), pageSize: '10' };
    const before = await byCursor({});
    expect(numbersOf(await get(deep))).toEqual(before.slice(Number(deep.page) * 10 - 10, Number(deep.page) * 10));
    await reserve(t.app, before[0]);
    const held = await byCursor({});
    expect(held[0]).toBe(before[1]);
    expect(numbersOf(await get(deep))).toEqual(held.slice(Number(deep.page) * 10 - 10, Number(deep.page) * 10));
    // The hold lapses: the number is back, and so is every page after it.
    t.clock.advance(16 * MINUTE);
    expect(numbersOf(await get(deep))).toEqual(before.slice(Number(deep.page) * 10 - 10, Number(deep.page) * 10));
  }, 60_000);
});
