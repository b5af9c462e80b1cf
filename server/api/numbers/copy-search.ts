import { compileMask } from './number-patterns';
import { patternCost, SUBSCRIBER_DIGITS, type DigitPattern } from './packed-digits';
import { byMsisdn, categoryIndex, type SaleCopy } from './sale-copy';
import type { SearchFilters, SearchKey, SearchSort } from './search-plan';

/** The nine national digits: the operator code (places 0–1) and the subscriber number (2–8). */
const NATIONAL_DIGITS = 9;
const CODE_DIGITS = NATIONAL_DIGITS - SUBSCRIBER_DIGITS;

/** Lookups and expected candidates a narrow search may take from the copy; a wider one walks the index. */
const MAX_LOOKUPS = 1_000;
const MAX_CANDIDATES = 3_000;

/** One place a digit filter can stand: the subscriber digits it fixes, and the operator code's digits it fixes (null: any). */
interface Placement {
  pattern: DigitPattern;
  code: ReadonlyArray<number | null>;
}

/** The national digits a filter fixes, as placements over the subscriber digits and the operator code. */
function placementsOf(national: ReadonlyArray<number | null>): Placement {
  return { code: national.slice(0, CODE_DIGITS), pattern: national.slice(CODE_DIGITS) };
}

const digitsAt = (text: string, at: number) => {
  const national = Array<number | null>(NATIONAL_DIGITS).fill(null);
  [...text].forEach((ch, i) => (national[at + i] = /\d/.test(ch) ? Number(ch) : null));
  return national;
};

/** Every place each digit filter can stand; the caller drives the search by the narrowest. */
function drivers(f: SearchFilters): Placement[][] {
  const out: Placement[][] = [];
  if (f.endsWith) out.push([placementsOf(digitsAt(f.endsWith, NATIONAL_DIGITS - f.endsWith.length))]);
  if (f.contains) {
    const run = f.contains;
    out.push(Array.from({ length: NATIONAL_DIGITS - run.length + 1 }, (_, at) => placementsOf(digitsAt(run, at))));
  }
  if (f.mask) out.push([placementsOf(digitsAt(f.mask, NATIONAL_DIGITS - f.mask.length))]);
  return out;
}

const fixedCount = (pattern: DigitPattern) => pattern.filter((d) => d !== null).length;

/**
 * A digit search (contains, ending, mask) of the numbers for sale, answered from the in-memory
 * copy (sale-copy.ts) when it is narrow: every match, in the search's order (price up or down,
 * then number), as the index walk of number-search.ts would give them. Null when the search is
 * wide (few fixed digits: the index walk, which stops at the page, is the cheaper way), asks for
 * unavailable numbers or a pattern (the copy holds neither), or names no digits.
 *
 * The narrowest filter drives: its digits at each place they can stand are patterns the copy
 * finds by range; every filter is then checked on each candidate as the API defines it.
 */
export function searchCopy(
  copyNow: () => SaleCopy,
  f: SearchFilters,
  sort: SearchSort,
  heldNow: () => ReadonlySet<string>,
): Array<SearchKey & { row: number }> | null {
  if (f.all || f.pattern) return null;
  const options = drivers(f);
  if (options.length === 0) return null;
  const copy = copyNow();
  const expected = (placements: Placement[]) => placements.reduce((sum, p) => sum + copy.count / 10 ** fixedCount(p.pattern), 0);
  const driver = options.reduce((best, p) => (expected(p) < expected(best) ? p : best));
  const lookups = driver.reduce((sum, p) => sum + patternCost(p.pattern), 0);
  if (lookups > MAX_LOOKUPS || expected(driver) > MAX_CANDIDATES) return null;

  const held = heldNow();
  const mask = f.mask ? compileMask(f.mask) : null;
  const wanted = f.category ? categoryIndex(f.category) : -1;
  const fits = (msisdn: string) => {
    const national = msisdn.slice(-NATIONAL_DIGITS);
    return (
      (!f.contains || national.includes(f.contains)) &&
      (!f.endsWith || national.endsWith(f.endsWith)) &&
      (!mask || mask(national)) &&
      !held.has(msisdn)
    );
  };
  const rows = new Set<number>();
  for (const { pattern, code } of driver) {
    copy.forEachFitting(pattern, (row) => {
      if (copy.gone[row] || (wanted >= 0 && copy.categories[row] !== wanted)) return;
      const c = copy.codes[row];
      if ((code[0] !== null && Math.floor(c / 10) !== code[0]) || (code[1] !== null && c % 10 !== code[1])) return;
      rows.add(row);
    });
  }
  const found: Array<SearchKey & { row: number }> = [];
  for (const row of rows) {
    const msisdn = copy.msisdnOf(row);
    if (fits(msisdn)) found.push({ price: copy.prices[row], msisdn, row });
  }
  for (const e of copy.extras) {
    if ((!f.category || e.category === f.category) && fits(e.msisdn)) found.push({ price: e.price, msisdn: e.msisdn, row: -1 });
  }
  return found.sort((a, b) => (sort === 'price_asc' ? a.price - b.price : b.price - a.price) || byMsisdn(a, b));
}

/** The keys after `start` in the search's order (keys() of number-search.ts, over a list already in that order). */
export function keysAfter<K extends SearchKey>(ordered: readonly K[], sort: SearchSort, start: SearchKey): K[] {
  const after = (k: SearchKey) =>
    (sort === 'price_asc' ? k.price > start.price : k.price < start.price) || (k.price === start.price && k.msisdn > start.msisdn);
  const at = ordered.findIndex(after);
  return at < 0 ? [] : ordered.slice(at);
}
