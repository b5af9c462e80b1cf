import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { DATABASE_FILE } from '../store/database';
import { createPrng, intBetween } from '../seed/prng';
import { createTestApi, freeNumber, MINUTE, placeOrder, reserve, type TestApi } from '../test-support/test-api';
import { normalizeMask } from './number-patterns';
import { HELD_BY_CATEGORY_SQL, HELD_SQL, heldMatchingSql, pricePartSql, type SearchFilters } from './search-plan';

let t: TestApi;
let db: Database.Database;
beforeEach(() => {
  // The bookings here stand for many visitors at once; the per-client limits have tests of their own.
  t = createTestApi({
    limits: {
      reservationsPerHour: 10_000,
      reservationsPerNetworkPerHour: 10_000,
      holdsPerClient: 10_000,
      holdsPerNetwork: 10_000,
      anonymousPremiumHoldsPerClient: 10_000,
      anonymousPremiumHoldsPerNetwork: 10_000,
    },
  });
  db = new Database(path.join(t.dataDir, DATABASE_FILE), { readonly: true });
});
afterEach(() => {
  db.close();
  t.close();
});

const NONE: SearchFilters = { category: null, contains: null, endsWith: null, mask: null, pattern: null, all: false };
const FORMS: Array<Partial<SearchFilters>> = [
  {},
  { category: 'gold' },
  { contains: '7' },
  { contains: '77' },
  { contains: '777' },
  { contains: '1234567' },
  { endsWith: '5' },
  { endsWith: '00' },
  { endsWith: '4567' },
  { mask: 'XXX-YY-YY' },
  { mask: 'XX-XXX-YY-YY' },
  { mask: '___-XX-XX' },
  { mask: '77-___-00-00' },
  { mask: 'X_X_X_X' },
  { mask: '123-45-X_' },
  { mask: '90-123-XY-_Y' },
  { pattern: 'repeats' },
  { pattern: 'mirror' },
  { pattern: 'sequence' },
  { category: 'silver', pattern: 'mirror', contains: '12' },
  { category: 'bronze', endsWith: '11', mask: '___-__-XX' },
];

function plan(sql: string, params: Record<string, unknown>): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map((row) => row.detail);
}

describe('number search query plans', () => {
  it('searches numbers through an index for every search form, for sale or all, never scanning the table or sorting', () => {
    for (const form of FORMS) {
      for (const all of [false, true]) {
        const filters: SearchFilters = { ...NONE, ...form, mask: form.mask ? normalizeMask(form.mask) : null, all };
        const params = {
          drive: '777',
          price: 0,
          after: '',
          limit: 20,
          now: 0,
          category: filters.category,
          contains: filters.contains,
          endsWith: filters.endsWith,
        };
        const steps = plan(pricePartSql(filters), params);
        const context = JSON.stringify({ form, all, steps });
        expect([context, steps.length]).toEqual([context, expect.any(Number)]);
        for (const step of steps) {
          expect([context, step]).toEqual([context, expect.stringMatching(/^SEARCH (n|d) USING (INDEX|COVERING INDEX|PRIMARY KEY)/)]);
        }
        // The driving index carries the page's price and the position after the cursor.
        expect([context, steps[0]]).toEqual([context, expect.stringMatching(/price=\? AND msisdn>\?/)]);
      }
    }
  });

  it('names a partial index of what is for sale when a search asks for numbers for sale only', () => {
    expect(plan(pricePartSql(NONE), { price: 0, after: '', limit: 20, now: 0 })[0]).toMatch(/USING (COVERING )?INDEX numbers_sale \(/);
    expect(plan(pricePartSql({ ...NONE, category: 'gold' }), { price: 0, after: '', limit: 20, now: 0, category: 'gold' })[0]).toMatch(
      /USING (COVERING )?INDEX numbers_sale_category \(/,
    );
  });

  it('counts running holds through their index, not by reading every number', () => {
    const matching = FORMS.map((form) => heldMatchingSql({ ...NONE, ...form, mask: form.mask ? normalizeMask(form.mask) : null }));
    for (const sql of [HELD_SQL, HELD_BY_CATEGORY_SQL, ...matching]) {
      const steps = plan(sql, { now: 0, category: 'gold', bit: 0, contains: '77', endsWith: '00' });
      for (const step of steps)
        expect([sql, step]).toEqual([
          sql,
          expect.stringMatching(/^(SEARCH n USING INDEX numbers_held \(held_until>\?\)|USE TEMP B-TREE FOR GROUP BY)/),
        ]);
    }
  });
});

type Item = { number: string; price: number };
const key = (n: Item) => `${String(n.price).padStart(16, '0')} ${n.number}`;

describe('keyset pages', () => {
  it('never repeat or skip a number while numbers are reserved and released underneath', async () => {
    const query = { pageSize: '40' };
    const all = (await request(t.app).get('/api/v1/numbers').query({ pageSize: 100 })).body;
    const random = createPrng(5);
    const start: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 100); page++) {
      start.push(...(await request(t.app).get('/api/v1/numbers').query({ pageSize: 100, page })).body.items.map((n: Item) => n.number));
    }
    const touched = new Set<string>();
    const held = new Map<string, string>();
    const seen: Item[] = [];
    let body = (await request(t.app).get('/api/v1/numbers').query(query)).body;
    for (;;) {
      seen.push(...body.items);
      for (const n of body.items as Item[]) expect(held.has(n.number)).toBe(false);
      if (!body.nextCursor) break;
      // Underneath: one number reserved behind the page, one ahead of it, and now and then one released.
      for (const at of [intBetween(random, 0, seen.length - 1), intBetween(random, seen.length, start.length - 1)]) {
        const number = at < seen.length ? seen[at].number : start[at];
        if (touched.has(number)) continue;
        touched.add(number);
        held.set(number, await reserve(t.app, number));
      }
      if (random() < 0.4 && held.size > 0) {
        const [number, token] = [...held][intBetween(random, 0, held.size - 1)];
        await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
        held.delete(number);
      }
      body = (
        await request(t.app)
          .get('/api/v1/numbers')
          .query({ ...query, cursor: body.nextCursor })
      ).body;
    }
    const numbers = seen.map((n) => n.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const keys = seen.map(key);
    expect(keys).toEqual([...keys].sort());
    const untouched = start.filter((n) => !touched.has(n));
    expect(untouched.length).toBeGreaterThan(2000);
    expect(untouched.filter((n) => !numbers.includes(n))).toEqual([]);
    expect(touched.size).toBeGreaterThan(50);
  });
});

describe('category totals', () => {
  async function expectTotalsRight(): Promise<void> {
    const now = t.clock.now();
    const counted = new Map(
      (
        db
          .prepare(
            `SELECT category, COUNT(*) AS c FROM numbers WHERE status = 'free' AND (held_until IS NULL OR held_until <= ?) GROUP BY category`,
          )
          .all(now) as Array<{ category: string; c: number }>
      ).map((r) => [r.category, r.c]),
    );
    const listed = (await request(t.app).get('/api/v1/numbers/categories').expect(200)).body.items as Array<{
      id: string;
      available: number;
    }>;
    for (const c of listed) {
      expect([c.id, c.available]).toEqual([c.id, counted.get(c.id) ?? 0]);
      expect([c.id, (await request(t.app).get('/api/v1/numbers').query({ category: c.id, pageSize: 1 })).body.total]).toEqual([
        c.id,
        c.available,
      ]);
    }
  }
  const available = async (id: string) =>
    ((await request(t.app).get('/api/v1/numbers/categories')).body.items as Array<{ id: string; available: number }>).find(
      (c) => c.id === id,
    )!.available;

  it('stay right through reserve, release, expiry, order, sale and an unpaid order lapsing, and so does a digit search total', async () => {
    await expectTotalsRight();
    const gold = await available('gold');
    const number = (await request(t.app).get('/api/v1/numbers?category=gold&pageSize=1')).body.items[0].number;
    const token = await reserve(t.app, number);
    expect(await available('gold')).toBe(gold - 1);
    await expectTotalsRight();
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
    expect(await available('gold')).toBe(gold);
    // Booked again by another visitor (the one who cancelled waits: reservations/rebook-wait.test.ts).
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', '10.9.9.9').send({ number }).expect(201);
    t.clock.advance(16 * MINUTE);
    expect(await available('gold')).toBe(gold);
    await expectTotalsRight();

    const bronze = await available('bronze');
    // A digit search's total too: the number about to be ordered and sold, searched by its digits.
    const digits = (await freeNumber(t.app, 'bronze')).slice(4);
    const found = async () => (await request(t.app).get('/api/v1/numbers').query({ contains: digits })).body.total;
    expect(await found()).toBe(1);
    const paid = await placeOrder(t.app);
    expect(paid.order.number.slice(4)).toBe(digits);
    expect(await found()).toBe(0);
    const unpaid = await placeOrder(t.app, '+998901234599');
    t.clock.advance(16 * MINUTE);
    expect(await available('bronze')).toBe(bronze - 2);
    await expectTotalsRight();
    const { paymentUrl } = (
      await request(t.app)
        .post(`/api/v1/orders/${paid.order.id}/payments`)
        .set('Authorization', `Bearer ${paid.accessToken}`)
        .send({ provider: 'payme', returnPath: '/en/payment?step=2' })
    ).body;
    await request(t.app).post(`${paymentUrl}/approve`).type('form').send('').expect(303);
    expect(await available('bronze')).toBe(bronze - 2);
    // Sold: no hold any more, and no longer counted among the matches.
    expect(await found()).toBe(0);
    await expectTotalsRight();
    t.clock.advance(721 * MINUTE);
    // The unpaid order's window has closed: its number is for sale again; the sold one never is.
    expect(unpaid.order.number).not.toBe(paid.order.number);
    expect(await available('bronze')).toBe(bronze - 1);
    await expectTotalsRight();
  });
});
