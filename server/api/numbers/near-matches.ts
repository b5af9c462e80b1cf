import type { CategoryId } from '../../../shared/api-types';
import { CATEGORY_IDS } from './categories';
import { patternCost, shiftOf, SUBSCRIBER_DIGITS } from './packed-digits';
import { byCatalogue, categoryIndex, type KeyRange, type SaleCopies } from './sale-copy';
import type { SearchFilters } from './search-plan';

export { SUBSCRIBER_DIGITS };

/**
 * What the visitor wished for, over the seven subscriber digits: fixed digits at fixed places (an
 * ending, or the digits of a mask), or a run of digits anywhere (the digits search).
 */
export type NearWish = { kind: 'placed'; digits: readonly (number | null)[]; ending: boolean } | { kind: 'run'; run: readonly number[] };

export interface NearMatch {
  msisdn: string;
  /** How many of the wished digits differ. */
  distance: number;
  /** The places (0–6, of the subscriber digits) whose digit differs from the wish. */
  differs: number[];
  /** As the copy holds it at the moment of the search: for sale and not held, at this price, in this category. */
  price: number;
  category: CategoryId;
}

const toDigits = (text: string) => [...text].map(Number);

/** The wish of a digit, ending or mask search, or null for a search that wishes no digits. */
export function wishOf(f: Pick<SearchFilters, 'contains' | 'endsWith' | 'mask'>): NearWish | null {
  if (f.endsWith) {
    const ending = toDigits(f.endsWith.slice(-SUBSCRIBER_DIGITS));
    return { kind: 'placed', ending: true, digits: [...Array<null>(SUBSCRIBER_DIGITS - ending.length).fill(null), ...ending] };
  }
  if (f.mask) {
    const symbols = f.mask.slice(-SUBSCRIBER_DIGITS);
    const digits = [...symbols].map((s) => (/\d/.test(s) ? Number(s) : null));
    return digits.some((d) => d !== null) ? { kind: 'placed', ending: false, digits } : null;
  }
  if (f.contains) return { kind: 'run', run: toDigits(f.contains.slice(-SUBSCRIBER_DIGITS)) };
  return null;
}

/**
 * The wish as packed masks: the seven subscriber digits sit in seven 4-bit nibbles of a 32-bit
 * integer (place 0 highest), so one XOR and a few shifts count the differing wished digits of a
 * number at once. A run has one (value, mask) per place it may start at, rightmost first.
 */
interface PackedWish {
  values: Int32Array;
  masks: Int32Array;
  starts: number[];
  /** Each place the wish may stand at, as a pattern of the seven digits (null: any). */
  placements: Array<ReadonlyArray<number | null>>;
}

const NIBBLE_LOW_BITS = 0x1111111;

function packWish(wish: NearWish): PackedWish {
  const placements: Array<{ digits: readonly (number | null)[]; start: number }> =
    wish.kind === 'placed'
      ? [{ digits: wish.digits, start: 0 }]
      : Array.from({ length: SUBSCRIBER_DIGITS - wish.run.length + 1 }, (_, i) => {
          const start = SUBSCRIBER_DIGITS - wish.run.length - i;
          const digits = Array<number | null>(SUBSCRIBER_DIGITS).fill(null);
          wish.run.forEach((d, j) => (digits[start + j] = d));
          return { digits, start };
        });
  const values = new Int32Array(placements.length);
  const masks = new Int32Array(placements.length);
  placements.forEach(({ digits }, i) => {
    digits.forEach((d, place) => {
      if (d === null) return;
      values[i] |= d << shiftOf(place);
      masks[i] |= 0xf << shiftOf(place);
    });
  });
  return { values, masks, starts: placements.map((p) => p.start), placements: placements.map((p) => p.digits) };
}

/** How many nibbles of `x` are not zero (at most seven). */
function nonZeroNibbles(x: number): number {
  const flags = (x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & NIBBLE_LOW_BITS;
  return (Math.imul(flags, NIBBLE_LOW_BITS) >>> 24) & 0xf;
}

/** The places where the packed number `x` differs from the wish (a run placed at `start`). */
function differsOf(wish: NearWish, x: number, start: number): number[] {
  const digitAt = (place: number) => (x >>> shiftOf(place)) & 0xf;
  const differs: number[] = [];
  if (wish.kind === 'placed') {
    for (let p = 0; p < SUBSCRIBER_DIGITS; p++) if (wish.digits[p] !== null && digitAt(p) !== wish.digits[p]) differs.push(p);
  } else {
    for (let i = 0; i < wish.run.length; i++) if (digitAt(start + i) !== wish.run[i]) differs.push(start + i);
  }
  return differs;
}

/** The ending's digits kept in a row from the right: more is closer (an ending keeps the most digits from the right). */
function keptFromRight(differs: number[]): number {
  return differs.length === 0 ? SUBSCRIBER_DIGITS : SUBSCRIBER_DIGITS - 1 - differs[differs.length - 1];
}

/** Orders near matches: fewer differing digits first; for an ending, then more of its digits kept from the right; then by price and number. */
function closer(wish: NearWish, a: NearMatch, b: NearMatch): number {
  if (a.distance !== b.distance) return a.distance - b.distance;
  if (wish.kind === 'placed' && wish.ending) {
    const kept = keptFromRight(b.differs) - keptFromRight(a.differs);
    if (kept !== 0) return kept;
  }
  return byCatalogue(a, b);
}

/**
 * How many sorted-range lookups a wish may spend on finding its neighbours before the whole copy
 * is scanned instead (a scan of a million numbers costs about as much as 10,000 lookups).
 */
export const PATTERN_BUDGET = 4_000;

const choose = (n: number, k: number): number => (k === 0 ? 1 : (n * choose(n - 1, k - 1)) / k);

/** Calls `visit` with the key of every neighbour exactly `radius` wished digits away from `digits`, in one of its ranges: the wished digits changed in place. */
function forEachNeighbourKey(digits: ReadonlyArray<number | null>, radius: number, range: KeyRange, visit: (key: number) => void): void {
  const wished = digits.flatMap((d, place) => (d === null ? [] : [place]));
  const pick = (from: number, left: number, key: number) => {
    if (left === 0) return visit(key);
    for (let i = from; i <= wished.length - left; i++) {
      const shift = range.shiftOfPlace(wished[i]);
      const cleared = key & ~(0xf << shift);
      for (let d = 0; d < 10; d++) if (d !== digits[wished[i]]) pick(i + 1, left - 1, cleared | (d << shift));
    }
  };
  pick(0, radius, range.key);
}

/**
 * The closest numbers for sale to a wish that has fewer exact matches than a page. Hand-written:
 * no index of SQLite (nor any kept library) answers "fewest differing digits". The numbers for
 * sale are the in-memory copy (sale-copy.ts), current at every call; the caller passes the
 * numbers held right now.
 *
 * The neighbours of the wish are looked up radius by radius (every number one digit away, then
 * two), each as a pattern of digits the copy finds by range: once a radius holds a page, no
 * number further away can rank above it, so the page is exact. When the lookups would cost more
 * than PATTERN_BUDGET (a sparse catalogue, a narrow category), the whole copy is scanned instead,
 * seven digits packed in one integer (one XOR and a multiply count the differing digits).
 */
export function createNearMatches(copies: SaleCopies, options: { patternBudget?: number } = {}) {
  const budget = options.patternBudget ?? PATTERN_BUDGET;
  /** How each wish was answered (tests read it to know both ways were taken). */
  const stats = { looked: 0, scanned: 0 };

  /** Up to `limit` numbers for sale, not in `heldNow` (SaleCopies.heldNow), closest to the wish, exact matches left out. */
  function find(wish: NearWish, limit: number, now: number, category: CategoryId | null, heldNow: ReadonlySet<string>): NearMatch[] {
    const copy = copies.current(now);
    const { count, packed, categories, prices, gone, extras } = copy;
    const { values, masks, starts, placements } = packWish(wish);

    /** The fewest differing digits over the places the wish may stand at. */
    const distanceOf = (x: number): number => {
      let distance = SUBSCRIBER_DIGITS + 1;
      for (let k = 0; k < values.length; k++) distance = Math.min(distance, nonZeroNibbles((x ^ values[k]) & masks[k]));
      return distance;
    };
    const candidate = (msisdn: string, x: number, price: number, itsCategory: CategoryId): NearMatch | null => {
      const distance = distanceOf(x);
      if (distance === 0) return null;
      const start = starts[values.findIndex((v, k) => nonZeroNibbles((x ^ v) & masks[k]) === distance)];
      return { msisdn, distance, differs: differsOf(wish, x, start), price, category: itsCategory };
    };
    const eligible = (msisdn: string, itsCategory: CategoryId) => (!category || itsCategory === category) && !heldNow.has(msisdn);
    const wanted = category ? categoryIndex(category) : -1;
    /** A row still for sale, of the category asked for, not held now (its msisdn made only for the holds, when there are any). */
    const rowEligible = (row: number) =>
      !gone[row] && (wanted < 0 || categories[row] === wanted) && (heldNow.size === 0 || !heldNow.has(copy.msisdnOf(row)));
    const page = (found: NearMatch[]) => found.sort((a, b) => closer(wish, a, b)).slice(0, limit);

    // Numbers stored or freed since the copy was read: few, measured one by one.
    const extra: NearMatch[] = [];
    for (const e of extras) {
      const c = eligible(e.msisdn, e.category) ? candidate(e.msisdn, e.packed, e.price, e.category) : null;
      if (c) extra.push(c);
    }

    const wished = placements[0].filter((d) => d !== null).length;
    // Every placement of a run has its own free places, so its own cost per pattern.
    const cost = placements.reduce((sum, p) => sum + patternCost(p), 0);
    const found: NearMatch[] = [];
    const seen = new Set<number>();
    let spent = 0;
    for (let radius = 1; radius <= wished; radius++) {
      const lookups = choose(wished, radius) * 9 ** radius * cost;
      if (spent + lookups > budget) break;
      spent += lookups;
      const visit = (row: number) => {
        if (seen.has(row)) return;
        seen.add(row);
        if (!rowEligible(row)) return;
        const c = candidate(copy.msisdnOf(row), packed[row], prices[row], CATEGORY_IDS[categories[row]]);
        if (c) found.push(c);
      };
      for (const digits of placements) {
        for (const range of copy.rangesOf(digits)) {
          forEachNeighbourKey(digits, radius, range, (key) => copy.forEachInRange(range.reversed, key, range.span, visit));
        }
      }
      // Every number this close is among them: a full page this close is the page.
      const close = found.length + extra.filter((c) => c.distance <= radius).length;
      if (close >= limit || radius === wished) {
        stats.looked++;
        return page([...found, ...extra]);
      }
    }

    stats.scanned++;
    const best: NearMatch[] = [];
    let bound = SUBSCRIBER_DIGITS;
    const consider = (c: NearMatch) => {
      if (best.length === limit && closer(wish, c, best[limit - 1]) >= 0) return;
      let at = best.length;
      while (at > 0 && closer(wish, c, best[at - 1]) < 0) at--;
      best.splice(at, 0, c);
      if (best.length > limit) best.pop();
      if (best.length === limit) bound = best[limit - 1].distance;
    };
    for (let i = 0; i < count; i++) {
      const distance = distanceOf(packed[i]);
      if (distance === 0 || distance > bound) continue;
      if (!rowEligible(i)) continue;
      consider(candidate(copy.msisdnOf(i), packed[i], prices[i], CATEGORY_IDS[categories[i]])!);
    }
    for (const c of extra) consider(c);
    return page(best);
  }

  return { find, stats };
}

export type NearMatches = ReturnType<typeof createNearMatches>;
