import type { CategoryId } from '../../../shared/api-types';
import type { Db } from '../store/database';
import { digitShape, PATTERN_BITS } from './number-columns';
import type { NumberPattern } from './number-patterns';

/**
 * The number search, planned so its cost follows the page, not the catalogue. Results are
 * ordered by price, then number; every index used ends in (price, msisdn), so for each price
 * (a handful: the category prices, plus auction lots when unavailable numbers are asked for) the
 * search reads index entries in result order and stops when the page is full. One index drives
 * the walk (the most selective filter); every filter is also checked on the row, so a driving
 * index only has to be implied by the query, never equal to it.
 */

export type SearchSort = 'price_asc' | 'price_desc';

export interface SearchFilters {
  category: CategoryId | null;
  contains: string | null;
  endsWith: string | null;
  /** Mask symbols without separators, upper case: digits, letters, `_` for any digit. */
  mask: string | null;
  pattern: NumberPattern | null;
  /** Sold, reserved and auctioned numbers too. */
  all: boolean;
}

/** Where a page starts: after the number with this price and msisdn, in the search's order. */
export interface SearchKey {
  price: number;
  msisdn: string;
}

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

/** The mask as SQL over the msisdn's characters: digits fixed, a letter's digits equal, different letters different. */
function maskConditions(symbols: string, table: 'n' | 'd'): string[] {
  const conditions: string[] = [];
  const first = new Map<string, number>();
  // msisdn is "+998" then nine digits; the mask covers the last symbols.length of them.
  const start = 5 + (9 - symbols.length);
  const at = (pos: number) => `substr(${table}.msisdn, ${pos}, 1)`;
  [...symbols].forEach((s, i) => {
    const pos = start + i;
    if (/\d/.test(s)) conditions.push(`${at(pos)} = '${s}'`);
    else if (/[A-Z]/.test(s)) {
      const seen = first.get(s);
      if (seen === undefined) {
        for (const other of first.values()) conditions.push(`${at(pos)} <> ${at(other)}`);
        first.set(s, pos);
      } else conditions.push(`${at(pos)} = ${at(seen)}`);
    }
  });
  return conditions;
}

interface Drive {
  /** `numbers` index walked, or null for the trigram table number_digits. */
  index: string | null;
  condition: string;
  params: Record<string, string>;
}

const isLetters = (s: string) => /^[A-Z]+$/.test(s);
const isDigits = (s: string) => /^\d+$/.test(s);

/** The most selective index the filters allow; an index of what is for sale when that is all that is asked. */
function chooseDrive(f: SearchFilters): Drive {
  const mask = f.mask;
  const maskTail = (n: number) => (mask ? mask.slice(-n) : '');
  if (mask && isLetters(maskTail(7)))
    return { index: 'numbers_shape7', condition: 'n.shape7 = @drive', params: { drive: digitShape(maskTail(7)) } };
  const end3 = f.endsWith && f.endsWith.length >= 3 ? f.endsWith.slice(-3) : isDigits(maskTail(3)) ? maskTail(3) : null;
  if (end3) return { index: 'numbers_end3', condition: 'substr(n.msisdn, -3) = @drive', params: { drive: end3 } };
  // The first three subscriber digits (msisdn characters 7–9): a mask of 7 or 9 symbols that fixes them.
  const head3 = mask && mask.length >= 7 ? mask.slice(mask.length - 7, mask.length - 4) : '';
  if (isDigits(head3)) return { index: 'numbers_head3', condition: 'substr(n.msisdn, 7, 3) = @drive', params: { drive: head3 } };
  if (f.contains && f.contains.length >= 3) return { index: null, condition: 'd.gram = @drive', params: { drive: f.contains.slice(-3) } };
  if (mask && isLetters(maskTail(4)))
    return { index: 'numbers_tail4', condition: 'n.tail4 = @drive', params: { drive: digitShape(maskTail(4)) } };
  const end2 = f.endsWith && f.endsWith.length === 2 ? f.endsWith : isDigits(maskTail(2)) ? maskTail(2) : null;
  if (end2) return { index: 'numbers_end2', condition: 'substr(n.msisdn, -2) = @drive', params: { drive: end2 } };
  if (f.pattern) return { index: `numbers_${f.pattern}`, condition: `n.tags & ${PATTERN_BITS[f.pattern]}`, params: {} };
  if (f.category) {
    return f.all
      ? { index: 'numbers_category', condition: 'n.category = @category', params: {} }
      : { index: 'numbers_sale_category', condition: "n.category = @category AND n.status = 'free'", params: {} };
  }
  return f.all
    ? { index: 'numbers_all', condition: '1', params: {} }
    : { index: 'numbers_sale', condition: "n.status = 'free'", params: {} };
}

/**
 * Every filter, checked on each candidate. The digit filters read `digits.msisdn`: the trigram
 * table's own copy when it drives, so a candidate is looked up in `numbers` only once its digits match.
 */
function rowConditions(f: SearchFilters, digits: 'n' | 'd', holds: boolean): string[] {
  const conditions: string[] = [];
  if (f.contains) conditions.push(`instr(substr(${digits}.msisdn, 5), @contains) > 0`);
  if (f.endsWith) conditions.push(`substr(${digits}.msisdn, -length(@endsWith)) = @endsWith`);
  if (f.mask) conditions.push(...maskConditions(f.mask, digits));
  if (!f.all) conditions.push("n.status = 'free'");
  if (!f.all && holds) conditions.push('(n.held_until IS NULL OR n.held_until <= @now)');
  if (f.category) conditions.push('n.category = @category');
  if (f.pattern) conditions.push(`n.tags & ${PATTERN_BITS[f.pattern]}`);
  return conditions;
}

/**
 * The SQL of one price's part of a search: the keys of up to @limit numbers after @after.
 * Without `holds`, numbers for sale that are held right now count as matches too.
 */
export function pricePartSql(f: SearchFilters, holds = true): string {
  const drive = chooseDrive(f);
  const where = [drive.condition, ...rowConditions(f, drive.index ? 'n' : 'd', holds)].join(' AND ');
  return drive.index
    ? `SELECT n.price, n.msisdn FROM numbers n INDEXED BY ${drive.index}
        WHERE ${where} AND n.price = @price AND n.msisdn > @after ORDER BY n.msisdn LIMIT @limit`
    : // CROSS JOIN keeps the trigram table outside: its order is the order of the results.
      `SELECT d.price, d.msisdn FROM number_digits d CROSS JOIN numbers n ON n.msisdn = d.msisdn
        WHERE ${where} AND d.price = @price AND d.msisdn > @after ORDER BY d.msisdn LIMIT @limit`;
}

// Holds lapse by the clock alone, so the ones still running are counted, through their index.
export const HELD_SQL = `SELECT COUNT(*) FROM numbers n INDEXED BY numbers_held
  WHERE n.held_until > @now AND n.status = 'free' AND (@category IS NULL OR n.category = @category) AND (@bit = 0 OR n.tags & @bit)`;
export const HELD_BY_CATEGORY_SQL = `SELECT n.category, COUNT(*) AS held FROM numbers n INDEXED BY numbers_held
  WHERE n.held_until > @now AND n.status = 'free' GROUP BY n.category`;

/** The numbers for sale that match the filters and are held right now: a range of the index of holds. */
export function heldMatchingSql(f: SearchFilters): string {
  return `SELECT COUNT(*) FROM numbers n INDEXED BY numbers_held WHERE n.held_until > @now AND ${rowConditions({ ...f, all: false }, 'n', false).join(' AND ')}`;
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
  const catalogueState = db.prepare('SELECT version, holds FROM number_catalogue');
  const nextLapse = db.prepare('SELECT MIN(held_until) FROM numbers INDEXED BY numbers_held WHERE held_until > @now').pluck();
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
    const { version } = catalogueState.get() as { version: number };
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
  function stateOf(now: number): SearchState {
    const { version, holds } = catalogueState.get() as { version: number; holds: number };
    return { version, holds, until: (nextLapse.get({ now }) as number | null) ?? Number.POSITIVE_INFINITY };
  }

  return { keys, nth, total, availableByCategory, stateOf };
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
