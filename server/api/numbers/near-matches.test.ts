import type { CategoryId, NumberList } from '../../../shared/api-types';
import { openDatabase } from '../store/database';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { createNearMatches, wishOf } from './near-matches';
import { normalizeMask } from './number-patterns';
import { createSaleCopy } from './sale-copy';

// Near matches against a plain JavaScript reference: every free number measured against the
// wish, sorted, cut to a page. 1,000 random wishes over a catalogue of 20,000 numbers.

const PAGE = 20;

let t: TestApi;
let forSale: Array<{ msisdn: string; price: number; category: string }>;
beforeAll(() => {
  t = createTestApi({ demoNumbers: 20_000 });
  const db = openDatabase(t.dataDir);
  try {
    // Nothing is held in this catalogue (no reservation is made here): free is for sale.
    forSale = db
      .prepare("SELECT msisdn, price, category FROM numbers WHERE status = 'free' ORDER BY price, msisdn")
      .all() as typeof forSale;
  } finally {
    db.close();
  }
});
afterAll(() => t.close());

type Query = { endsWith?: string; contains?: string; mask?: string; category?: CategoryId };

/**
 * The reference: what the visitor was promised, written plainly. Every free number is measured;
 * the measured ones are put in buckets by how many digits differ (in the catalogue's order of
 * price, then number), an ending's bucket sorted by the digits kept from the right, and the
 * buckets read in order until a page is full.
 */
function reference(query: Query): Array<{ number: string; differs: number[] }> {
  const buckets: Array<Array<{ number: string; differs: number[]; kept: number }>> = Array.from({ length: 8 }, () => []);
  const wish = query.endsWith ? query.endsWith.slice(-7).padStart(7, '_') : query.mask ? normalizeMask(query.mask)!.slice(-7) : null;
  const run = query.contains?.slice(-7) ?? '';
  for (const n of forSale) {
    if (query.category && n.category !== query.category) continue;
    const sub = n.msisdn.slice(-7);
    let differs: number[] | null = null;
    if (wish) {
      differs = [];
      for (let p = 0; p < 7; p++) if (wish[p] !== '_' && wish[p] !== 'X' && sub[p] !== wish[p]) differs.push(p);
    } else {
      for (let start = 7 - run.length; start >= 0; start--) {
        const here: number[] = [];
        for (let i = 0; i < run.length; i++) if (sub[start + i] !== run[i]) here.push(start + i);
        if (!differs || here.length < differs.length) differs = here;
      }
    }
    if (differs!.length === 0) continue;
    const kept = 6 - differs![differs!.length - 1];
    buckets[differs!.length].push({ number: n.msisdn, differs: differs!, kept });
  }
  const out: Array<{ number: string; differs: number[] }> = [];
  for (const bucket of buckets) {
    if (query.endsWith) bucket.sort((a, b) => b.kept - a.kept);
    for (const { number, differs } of bucket) if (out.length < PAGE) out.push({ number, differs });
  }
  return out;
}

function randomDigits(random: () => number, length: number): string {
  return Array.from({ length }, () => Math.floor(random() * 10)).join('');
}

/** A small seeded generator (mulberry32): the same 1,000 wishes on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function randomQuery(random: () => number, i: number): Query {
  const category = random() < 0.2 ? (['free', 'bronze', 'silver'] as const)[Math.floor(random() * 3)] : undefined;
  const kind = i % 3;
  const base =
    kind === 0
      ? { endsWith: randomDigits(random, 1 + Math.floor(random() * 7)) }
      : kind === 1
        ? { contains: randomDigits(random, 2 + Math.floor(random() * 6)) }
        : {
            mask: [...randomDigits(random, 7)].map((d) => (random() < 0.5 ? d : random() < 0.5 ? '_' : 'X')).join(''),
          };
  return category ? { ...base, category } : base;
}

describe('near matches', () => {
  it('equal the plain reference over 1,000 random wishes at 20,000 numbers, and come only with fewer than a page of results', async () => {
    const random = seeded(20261125);
    let compared = 0;
    for (let i = 0; i < 1000; i++) {
      const query = randomQuery(random, i);
      const answer = await t.api.read('numbers', { lang: 'en', query: { ...query, pageSize: PAGE } });
      if (!answer.ok) throw new Error(`${JSON.stringify(query)} answered ${answer.status}`);
      const list = answer.value as NumberList;
      const wishesDigits = !query.mask || /\d/.test(query.mask);
      if (list.items.length >= PAGE || !wishesDigits) {
        expect(list.nearMatches).toBeUndefined();
        continue;
      }
      compared++;
      const got = list.nearMatches!.map((n) => ({ number: n.number, differs: n.differs }));
      expect({ query, got }).toEqual({ query, got: reference(query) });
      for (const n of list.nearMatches!) expect(n.available).toBe(true);
    }
    // Most wishes of four digits or more have fewer than a page of exact matches.
    expect(compared).toBeGreaterThan(300);
  });

  it('give the reference page by neighbour lookups and by the full scan alike, over 300 random wishes', () => {
    // Both ways on the same catalogue: a budget of lookups large enough for a sparse catalogue of
    // 20,000 (the site's is tuned for a million) and none at all (always the scan).
    const db = openDatabase(t.dataDir);
    try {
      const copies = createSaleCopy(db);
      const lookups = createNearMatches(copies, { patternBudget: 30_000 });
      const scans = createNearMatches(copies, { patternBudget: 0 });
      const held = copies.heldNow(t.clock.now());
      const random = seeded(20261126);
      let compared = 0;
      for (let i = 0; i < 300; i++) {
        const query = randomQuery(random, i);
        const wish = wishOf({
          contains: query.contains ?? null,
          endsWith: query.endsWith ?? null,
          mask: query.mask ? normalizeMask(query.mask) : null,
        });
        if (!wish) continue;
        const category = (query.category ?? null) as Parameters<typeof lookups.find>[3];
        const expected = reference(query);
        const byLookups = lookups
          .find(wish, PAGE, t.clock.now(), category, held)
          .map(({ msisdn, differs }) => ({ number: msisdn, differs }));
        const byScan = scans.find(wish, PAGE, t.clock.now(), category, held).map(({ msisdn, differs }) => ({ number: msisdn, differs }));
        expect({ query, byLookups, byScan }).toEqual({ query, byLookups: expected, byScan: expected });
        compared++;
      }
      expect(compared).toBeGreaterThan(270);
      // The lookups answered most wishes themselves: the test did exercise them.
      expect(lookups.stats.looked).toBeGreaterThan(240);
      expect(scans.stats.looked).toBe(0);
    } finally {
      db.close();
    }
  });

  it('ranks an ending by the digits it keeps from the right, then by price', async () => {
    const answer = await t.api.read('numbers', { lang: 'en', query: { endsWith: '1234567', pageSize: PAGE } });
    if (!answer.ok) throw new Error('refused');
    const near = answer.value.nearMatches!;
    expect(near.length).toBe(PAGE);
    expect(near).toEqual([...near].sort((a, b) => a.differs.length - b.differs.length));
    expect(near).toEqual(reference({ endsWith: '1234567' }).map((r) => expect.objectContaining({ number: r.number, differs: r.differs })));
  });

  it('never offers a number sold after the in-memory copy was read', async () => {
    const first = await t.api.read('numbers', { lang: 'en', query: { endsWith: '7654321', pageSize: PAGE } });
    if (!first.ok) throw new Error('refused');
    const sold = first.value.nearMatches![0].number;
    const db = openDatabase(t.dataDir);
    try {
      db.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn = ?").run(sold);
    } finally {
      db.close();
    }
    const again = await t.api.read('numbers', { lang: 'en', query: { endsWith: '7654321', pageSize: PAGE } });
    if (!again.ok) throw new Error('refused');
    expect(again.value.nearMatches!.map((n) => n.number)).not.toContain(sold);
    expect(again.value.nearMatches!.length).toBeGreaterThan(0);
  });
});
