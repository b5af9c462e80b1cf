/**
 * The number search, planned so its cost follows the page, not the catalogue. Results are
 * ordered by price, then number; every index used ends in (price, msisdn), so for each price
 * (a handful: the category prices, plus auction lots when unavailable numbers are asked for) the
 * search reads index entries in result order and stops when the page is full. One index drives
 * the walk (the most selective filter); every filter is also checked on the row, so a driving
 * index only has to be implied by the query, never equal to it. The SQL of a walk is planned in
 * search-plan.ts; this module walks it and keeps the counts and statements between calls.
 */
import type { Db } from '../store/database';
import { PATTERN_BITS } from './number-columns';
import {
  chooseDrive,
  HELD_BY_CATEGORY_SQL,
  HELD_SQL,
  heldMatchingSql,
  pricePartSql,
  type SearchFilters,
  type SearchKey,
  type SearchSort,
} from './search-plan';

/** Totals above this are reported as "more than" it, unless kept in number_totals. */
export const EXACT_TOTAL_LIMIT = 1000;
const CURSOR = /^(\d{1,15})_(998\d{9})$/;

export function encodeCursor(key: SearchKey): string {
  return `${key.price}_${key.msisdn.slice(1)}`;
}

export function decodeCursor(cursor: string): SearchKey | null {
  const match = CURSOR.exec(cursor);
  return match ? { price: Number(match[1]), msisdn: `+${match[2]}` } : null;
}

/** Matches counted beyond the limit, so that a few of them being held still leaves "more than" the limit. */
const HELD_MARGIN = 64;

export function createNumberSearch(db: Db) {
  // Masks make the SQL vary; the statements of recent ones are kept, the oldest dropped first.
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (sql: string) => {
    let stmt = statements.get(sql);
    if (stmt) {
      statements.delete(sql);
    } else {
      stmt = db.prepare(sql);
      if (statements.size >= 500) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, stmt);
    return stmt;
  };
  const totalsWhere = `numbers > 0 AND (@all = 1 OR status = 'free') AND (@category IS NULL OR category = @category) AND (@bit = 0 OR tags & @bit)`;
  const prices = {
    price_asc: db.prepare(`SELECT DISTINCT price FROM number_totals WHERE ${totalsWhere} ORDER BY price ASC`).pluck(),
    price_desc: db.prepare(`SELECT DISTINCT price FROM number_totals WHERE ${totalsWhere} ORDER BY price DESC`).pluck(),
  };
  const kept = db.prepare(`SELECT COALESCE(SUM(numbers), 0) FROM number_totals WHERE ${totalsWhere}`).pluck();
  const held = db.prepare(HELD_SQL).pluck();
  const heldByCategory = db.prepare(HELD_BY_CATEGORY_SQL);
  const forSaleByCategory = db.prepare(
    `SELECT category, SUM(numbers) AS available FROM number_totals WHERE status = 'free' GROUP BY category`,
  );
  const catalogue = createCatalogueState(db);
  // Counted matches of digit searches, holds left out: they stay right until the catalogue itself
  // changes (a number stored or sold: the version the triggers bump), while holds come and go
  // with every reservation and are subtracted afresh each time through their own index.
  const matchCounts = new Map<string, { version: number; matches: number }>();

  function params(f: SearchFilters, now: number) {
    const bit = f.pattern ? PATTERN_BITS[f.pattern] : 0;
    return { ...chooseDrive(f).params, category: f.category, contains: f.contains, endsWith: f.endsWith, all: f.all ? 1 : 0, bit, now };
  }

  /** The price parts a walk in `sort` order reads from `start` on, each with the msisdn its part starts after. */
  function* partsFrom(p: ReturnType<typeof params>, sort: SearchSort, start: SearchKey | null) {
    for (const price of prices[sort].all(p) as number[]) {
      if (start && (sort === 'price_asc' ? price < start.price : price > start.price)) continue;
      yield { price, after: start && price === start.price ? start.msisdn : '' };
    }
  }

  /** Keys of up to `limit` matching numbers in result order, after `start` when given. */
  function keys(f: SearchFilters, sort: SearchSort, start: SearchKey | null, limit: number, now: number): SearchKey[] {
    const p = params(f, now);
    const part = statement(pricePartSql(f));
    const out: SearchKey[] = [];
    for (const { price, after } of partsFrom(p, sort, start)) {
      for (const key of part.all({ ...p, price, after, limit: limit - out.length }) as SearchKey[]) out.push(key);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The `n`th match after `start` (from the first when null) in result order, with the matches
   * counted to reach it: `n`, or fewer when they ran out (then no key). SQLite walks the index
   * and hands back one count and one key per price part: within a part the matches are in msisdn
   * order, so the last of the first `n` is their largest msisdn.
   */
  function nth(
    f: SearchFilters,
    sort: SearchSort,
    start: SearchKey | null,
    n: number,
    now: number,
  ): { key: SearchKey | null; counted: number } {
    const p = params(f, now);
    const reach = statement(`SELECT COUNT(*) AS counted, MAX(msisdn) AS msisdn FROM (${pricePartSql(f)})`);
    let counted = 0;
    for (const { price, after } of partsFrom(p, sort, start)) {
      const part = reach.get({ ...p, price, after, limit: n - counted }) as { counted: number; msisdn: string | null };
      counted += part.counted;
      if (counted >= n) return { key: { price, msisdn: part.msisdn! }, counted };
    }
    return { key: null, counted };
  }

  /** The exact total when the totals table knows it; otherwise counted up to EXACT_TOTAL_LIMIT + 1. */
  function total(f: SearchFilters, now: number): { total: number; exact: boolean } {
    const p = params(f, now);
    if (!f.contains && !f.endsWith && !f.mask) {
      return { total: (kept.get(p) as number) - (f.all ? 0 : (held.get(p) as number)), exact: true };
    }
    const { version } = catalogue.counters();
    const key = JSON.stringify(f);
    let entry = matchCounts.get(key);
    if (entry) matchCounts.delete(key);
    if (!entry || entry.version !== version) entry = { version, matches: countMatches(f, EXACT_TOTAL_LIMIT + 1 + HELD_MARGIN, false, now) };
    matchCounts.set(key, entry);
    if (matchCounts.size > 1000) matchCounts.delete(matchCounts.keys().next().value!);
    const heldNow = f.all ? 0 : (statement(heldMatchingSql(f)).pluck().get(p) as number);
    const exhausted = entry.matches <= EXACT_TOTAL_LIMIT + HELD_MARGIN;
    // Counted to the end, or so many that even the held ones leave more than the limit.
    const forSale =
      exhausted || entry.matches - heldNow > EXACT_TOTAL_LIMIT
        ? entry.matches - heldNow
        : countMatches(f, EXACT_TOTAL_LIMIT + 1, true, now);
    return forSale > EXACT_TOTAL_LIMIT ? { total: EXACT_TOTAL_LIMIT, exact: false } : { total: forSale, exact: true };
  }

  function countMatches(f: SearchFilters, cap: number, holds: boolean, now: number): number {
    const p = params(f, now);
    const countPart = statement(`SELECT COUNT(*) FROM (${pricePartSql(f, holds)})`).pluck();
    let counted = 0;
    for (const price of prices.price_asc.all(p) as number[]) {
      counted += countPart.get({ ...p, price, after: '', limit: cap - counted }) as number;
      if (counted >= cap) break;
    }
    return counted;
  }

  /** Numbers for sale in each category right now. */
  function availableByCategory(now: number): Map<string, number> {
    const counts = new Map(
      (forSaleByCategory.all() as Array<{ category: string; available: number }>).map((r) => [r.category, r.available]),
    );
    for (const { category, held: n } of heldByCategory.all({ now }) as Array<{ category: string; held: number }>) {
      counts.set(category, (counts.get(category) ?? 0) - n);
    }
    return counts;
  }

  /**
   * What a search's answer depends on besides its query: the catalogue's version, the counter of
   * holds and lots, and the clock until the next hold lapses. An answer is still true while
   * `stateOf(now)` is `sameState` as when it was made (migration 7 keeps the counter).
   */
  const stateOf = catalogue.stateOf;

  return { keys, nth, total, availableByCategory, stateOf };
}

/**
 * The numbers' state as the store keeps it: the catalogue's version and the counter of holds and
 * lots (triggers, migrations 5 and 7), and the next moment a hold lapses. The number search keeps
 * answers by it, and the page store versions the numbers by it (store/data-versions.ts).
 */
export function createCatalogueState(db: Db) {
  const row = db.prepare('SELECT version, holds FROM number_catalogue');
  const nextLapse = db.prepare('SELECT MIN(held_until) FROM numbers INDEXED BY numbers_held WHERE held_until > @now').pluck();
  /** The two counters alone: one row, no clock. */
  const counters = () => row.get() as { version: number; holds: number };
  return {
    counters,
    stateOf(now: number): SearchState {
      return { ...counters(), until: (nextLapse.get({ now }) as number | null) ?? Number.POSITIVE_INFINITY };
    },
  };
}

export interface SearchState {
  version: number;
  holds: number;
  /** The next moment a hold lapses (a number comes back on sale): the state is no longer the same from then. */
  until: number;
}

/** Whether an answer made in state `made` is still the answer now, in state `current` at `now`. */
export function sameState(made: SearchState, current: Pick<SearchState, 'version' | 'holds'>, now: number): boolean {
  return made.version === current.version && made.holds === current.holds && now < made.until;
}

export type NumberSearch = ReturnType<typeof createNumberSearch>;
