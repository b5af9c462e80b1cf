import type http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { NUMBER_SEARCH_DEPTH } from '../../../shared/contract/search-depth';
import { DATABASE_FILE } from '../store/database';
import { createPrng, intBetween, pick } from '../seed/prng';
import { createTestApi, MINUTE, reserve, type TestApi } from '../test-support/test-api';
import { CATEGORY_IDS } from './categories';
import { compileMask, matchesPattern, NUMBER_PATTERNS } from './number-patterns';
import { EXACT_TOTAL_LIMIT } from './number-search';

interface Row {
  msisdn: string;
  subscriber: string;
  category: string;
  price: number;
  status: string;
  held_until: number | null;
}

type Query = Record<string, string>;

/** Every number, in each order the search offers: by price (up or down), then by number. */
function sorted(rows: Row[]): Record<'price_asc' | 'price_desc', Row[]> {
  const byNumber = (a: Row, b: Row) => (a.msisdn < b.msisdn ? -1 : a.msisdn > b.msisdn ? 1 : 0);
  return {
    price_asc: [...rows].sort((a, b) => a.price - b.price || byNumber(a, b)),
    price_desc: [...rows].sort((a, b) => b.price - a.price || byNumber(a, b)),
  };
}

/** Each pattern's numbers (by msisdn), worked out once per row: the reference search below asks thousands of times. */
const patternMembers = new Map<string, Set<string>>();
function membersOf(rows: Row[], pattern: (typeof NUMBER_PATTERNS)[number]): Set<string> {
  let members = patternMembers.get(pattern);
  if (!members) {
    members = new Set(rows.filter((r) => matchesPattern(r.subscriber, pattern)).map((r) => r.msisdn));
    patternMembers.set(pattern, members);
  }
  return members;
}

/**
 * The straightforward search the indexed one must equal: every number read in the query's order,
 * each filter applied in JavaScript as the API always defined it, then sliced by the caller.
 */
function referenceSearch(ordered: Record<'price_asc' | 'price_desc', Row[]>, q: Query, now: number): Row[] {
  const mask = q.mask ? compileMask(q.mask)! : null;
  const pattern = q.pattern ? membersOf(ordered.price_asc, q.pattern as (typeof NUMBER_PATTERNS)[number]) : null;
  return ordered[q.sort === 'price_desc' ? 'price_desc' : 'price_asc'].filter(
    (r) =>
      (q.includeUnavailable === 'true' || (r.status === 'free' && (r.held_until === null || r.held_until <= now))) &&
      (!q.category || r.category === q.category) &&
      (!q.contains || r.msisdn.includes(q.contains, 4)) &&
      (!q.endsWith || r.msisdn.endsWith(q.endsWith)) &&
      (!mask || mask(r.msisdn.slice(4))) &&
      (!pattern || pattern.has(r.msisdn)),
  );
}

/** A random query, its digits mostly taken from real numbers so that most queries find something. */
function randomQuery(random: () => number, rows: Row[]): Query {
  const q: Query = {};
  const national = pick(random, rows).msisdn.slice(4);
  const chance = (p: number) => random() < p;
  if (chance(0.3)) q.category = pick(random, CATEGORY_IDS);
  if (chance(0.3)) {
    const length = intBetween(random, 1, 5);
    const at = intBetween(random, 0, 9 - length);
    q.contains = chance(0.8) ? national.slice(at, at + length) : String(intBetween(random, 0, 10 ** length - 1)).padStart(length, '0');
  }
  if (chance(0.25)) q.endsWith = national.slice(-intBetween(random, 1, 5));
  if (chance(0.3)) {
    const length = pick(random, [7, 7, 7, 9]);
    const digits = national.slice(-length);
    const letters = new Map<string, string>();
    const symbols = [...digits].map((d) => {
      const roll = random();
      if (roll < 0.25) return '_';
      if (roll < 0.4) return d;
      if (!letters.has(d)) letters.set(d, 'XYZWVUTSR'[letters.size]);
      return letters.get(d)!;
    });
    // Now and then a letter is changed, which usually asks for a shape no number has.
    if (chance(0.15)) symbols[intBetween(random, 0, length - 1)] = pick(random, ['X', 'Y', 'Z']);
    const joined = symbols.join('');
    q.mask = length === 7 ? `${joined.slice(0, 3)}-${joined.slice(3, 5)}-${joined.slice(5)}` : joined;
  }
  if (chance(0.25)) q.pattern = pick(random, NUMBER_PATTERNS);
  if (chance(0.5)) q.sort = pick(random, ['price_asc', 'price_desc']);
  if (chance(0.2)) q.includeUnavailable = 'true';
  q.pageSize = String(pick(random, [1, 3, 10, 20, 20, 50, 100]));
  if (chance(0.3)) q.page = String(intBetween(random, 2, 6));
  return q;
}

let t: TestApi;
let server: http.Server;
let rows: Row[];
let ordered: ReturnType<typeof sorted>;
beforeAll(async () => {
  t = createTestApi({ demoNumbers: 6_000 });
  server = t.app.listen(0, '127.0.0.1');
  // Holds of every kind: lapsed ones, running ones, and replaced ones.
  const random = createPrng(19);
  const pool = (await request(server).get('/api/v1/numbers?pageSize=100&sort=price_desc')).body.items as Array<{ number: string }>;
  for (let i = 0; i < 12; i++) {
    const token = await reserve(server as unknown as Parameters<typeof reserve>[0], pool[intBetween(random, 0, 49)].number).catch(
      () => null,
    );
    if (token && i % 3 === 0) await reserve(server as unknown as Parameters<typeof reserve>[0], pool[50 + i].number, token);
    if (i === 5) t.clock.advance(20 * MINUTE);
  }
  const db = new Database(path.join(t.dataDir, DATABASE_FILE), { readonly: true });
  rows = db.prepare('SELECT msisdn, subscriber, category, price, status, held_until FROM numbers').all() as Row[];
  ordered = sorted(rows);
  db.close();
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

const get = async (q: Query) => (await request(server).get('/api/v1/numbers').query(q).expect(200)).body;

describe('the indexed number search', () => {
  it('answers 2,500 random queries with the same numbers, in the same order, as the straightforward search', async () => {
    const random = createPrng(2026);
    let nonEmpty = 0;
    let inexact = 0;
    for (let i = 0; i < 2500; i++) {
      const q = randomQuery(random, rows);
      const expected = referenceSearch(ordered, q, t.clock.now());
      const page = Number(q.page ?? 1);
      const pageSize = Number(q.pageSize);
      const body = await get(q);
      const want = expected.slice((page - 1) * pageSize, page * pageSize).map((r) => r.msisdn);
      const context = JSON.stringify(q);
      expect([context, body.items.map((n: { number: string }) => n.number)]).toEqual([context, want]);
      if (body.totalExact) expect([context, body.total]).toEqual([context, expected.length]);
      else expect([context, body.total, expected.length > EXACT_TOTAL_LIMIT]).toEqual([context, EXACT_TOTAL_LIMIT, true]);
      expect([context, body.nextCursor !== null]).toEqual([context, expected.length > page * pageSize]);
      if (want.length > 0) nonEmpty++;
      if (!body.totalExact) inexact++;
    }
    // The queries exercised the search: most found numbers, and some totals were too large to count.
    expect(nonEmpty).toBeGreaterThan(1250);
    expect(inexact).toBeGreaterThan(50);
  }, 240_000);

  it('answers pages by number at every depth, across the prices, with the numbers and total of the straightforward search', async () => {
    const random = createPrng(31);
    for (let i = 0; i < 300; i++) {
      const { page: _page, ...q } = randomQuery(random, rows);
      const expected = referenceSearch(ordered, q, t.clock.now());
      const pageSize = Number(q.pageSize);
      // Any page up to one past the last, the skip landing anywhere in any price's part.
      const page = intBetween(random, 1, Math.min(Math.ceil(expected.length / pageSize) + 1, Math.floor(NUMBER_SEARCH_DEPTH / pageSize)));
      const body = await get({ ...q, page: String(page) });
      const context = JSON.stringify({ ...q, page });
      const want = expected.slice((page - 1) * pageSize, page * pageSize).map((r) => r.msisdn);
      expect([context, body.items.map((n: { number: string }) => n.number)]).toEqual([context, want]);
      if (body.totalExact) expect([context, body.total]).toEqual([context, expected.length]);
      expect([context, body.nextCursor !== null]).toEqual([context, expected.length > page * pageSize]);
    }
  }, 120_000);

  it('follows nextCursor through the same pages as the page numbers', async () => {
    const random = createPrng(7);
    for (let i = 0; i < 200; i++) {
      const { page: _page, ...q } = randomQuery(random, rows);
      const expected = referenceSearch(ordered, q, t.clock.now()).map((r) => r.msisdn);
      const pageSize = Number(q.pageSize);
      let body = await get(q);
      const seen: string[] = body.items.map((n: { number: string }) => n.number);
      for (let step = 0; step < 4 && body.nextCursor; step++) {
        body = await get({ ...q, cursor: body.nextCursor });
        seen.push(...body.items.map((n: { number: string }) => n.number));
      }
      expect([JSON.stringify(q), seen]).toEqual([JSON.stringify(q), expected.slice(0, seen.length)]);
      expect(seen.length).toBe(Math.min(expected.length, 5 * pageSize));
    }
  }, 120_000);

  it('rejects a cursor that is not one it gave, naming the field', async () => {
    for (const cursor of ['abc', '0_99877123456', '-1_998771234567', '0_998771234567x']) {
      expect((await request(server).get('/api/v1/numbers').query({ cursor }).expect(400)).body.error.field).toBe('cursor');
    }
  });
});
