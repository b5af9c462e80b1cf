/**
 * The number search's query and its SQL: the filters, the index that drives the walk and the
 * conditions checked on each row. The walk itself, and what it keeps between calls, is in
 * number-search.ts.
 */
import type { CategoryId } from '../../../shared/api-types';
import type { NUMBER_SORTS } from '../../../shared/contract/values';
import { digitShape, PATTERN_BITS } from './number-columns';
import type { NumberPattern } from './number-patterns';

export type SearchSort = (typeof NUMBER_SORTS)[number];

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
export function chooseDrive(f: SearchFilters): Drive {
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
