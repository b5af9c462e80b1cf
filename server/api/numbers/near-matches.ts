import type { CategoryId } from '../../../shared/api-types';
import type { Db } from '../store/database';
import type { SearchFilters } from './number-search';

/** How stale the in-memory copy of the numbers for sale may grow before a sale makes it read again. */
export const NEAR_RELOAD_MS = 10 * 60_000;

/** The subscriber digits a near match is measured on: the last seven of the nine after +998. */
export const SUBSCRIBER_DIGITS = 7;

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
}

const NIBBLE_LOW_BITS = 0x1111111;
const shiftOf = (place: number) => 4 * (SUBSCRIBER_DIGITS - 1 - place);

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
  return { values, masks, starts: placements.map((p) => p.start) };
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

/**
 * Orders near matches: fewer differing digits first; for an ending, then more of its digits kept
 * from the right; then by price and number (the catalogue's order, `rank`).
 */
function closer(wish: NearWish, a: NearMatch & { rank: number }, b: NearMatch & { rank: number }): number {
  if (a.distance !== b.distance) return a.distance - b.distance;
  if (wish.kind === 'placed' && wish.ending) {
    const kept = keptFromRight(b.differs) - keptFromRight(a.differs);
    if (kept !== 0) return kept;
  }
  return a.rank - b.rank;
}

interface Catalogue {
  version: number;
  loadedAt: number;
  count: number;
  /** The seven subscriber digits of each number, one nibble each (packWish), in the catalogue's order (price, then number). */
  packed: Int32Array;
  msisdns: string[];
  categories: CategoryId[];
}

/**
 * The closest numbers for sale to a wish that has fewer exact matches than a page. Hand-written:
 * no index of SQLite (nor any kept library) answers "fewest differing digits"; the free numbers'
 * digits are kept in memory, packed one nibble a digit (4 bytes a number), read again when the
 * catalogue's version moves (a number stored or sold) and the copy is older than NEAR_RELOAD_MS,
 * and scanned with an early stop once a candidate is worse than the page's worst. Holds are read
 * each time through their own index.
 */
export function createNearMatches(db: Db) {
  const version = db.prepare('SELECT version FROM number_catalogue').pluck();
  const forSale = db.prepare("SELECT msisdn, category FROM numbers INDEXED BY numbers_sale WHERE status = 'free' ORDER BY price, msisdn");
  const held = db.prepare("SELECT msisdn FROM numbers INDEXED BY numbers_held WHERE held_until > ? AND status = 'free'").pluck();
  let catalogue: Catalogue | null = null;

  function load(now: number): Catalogue {
    const current = version.get() as number;
    // A sale moves the version; the copy is read again at most every NEAR_RELOAD_MS (a million
    // numbers take seconds to read). Meanwhile a number sold since is still in the copy: the
    // caller checks every near match against the store before it shows one.
    if (catalogue && (catalogue.version === current || now - catalogue.loadedAt < NEAR_RELOAD_MS)) return catalogue;
    const rows = forSale.all() as Array<{ msisdn: string; category: CategoryId }>;
    const packed = new Int32Array(rows.length);
    rows.forEach((row, i) => {
      const subscriber = row.msisdn.slice(-SUBSCRIBER_DIGITS);
      for (let p = 0; p < SUBSCRIBER_DIGITS; p++) {
        packed[i] |= (subscriber.charCodeAt(p) - 48) << shiftOf(p);
      }
    });
    const loaded: Catalogue = {
      version: current,
      loadedAt: now,
      count: rows.length,
      packed,
      msisdns: rows.map((r) => r.msisdn),
      categories: rows.map((r) => r.category),
    };
    catalogue = loaded;
    return loaded;
  }

  /** Up to `limit` numbers for sale (not held now) closest to the wish, exact matches left out. */
  function find(wish: NearWish, limit: number, now: number, category: CategoryId | null = null): NearMatch[] {
    const { count, packed, msisdns, categories } = load(now);
    const { values, masks, starts } = packWish(wish);
    const heldNow = new Set(held.all(now) as string[]);
    const best: Array<NearMatch & { rank: number }> = [];
    let bound = SUBSCRIBER_DIGITS;
    for (let i = 0; i < count; i++) {
      const x = packed[i];
      // The fewest differing digits over the places the wish may stand at (one for a placed wish).
      let distance = SUBSCRIBER_DIGITS + 1;
      let start = 0;
      for (let k = 0; k < values.length; k++) {
        const d = nonZeroNibbles((x ^ values[k]) & masks[k]);
        if (d < distance) {
          distance = d;
          start = starts[k];
        }
      }
      if (distance === 0 || distance > bound) continue;
      if (category && categories[i] !== category) continue;
      if (heldNow.has(msisdns[i])) continue;
      const differs = differsOf(wish, x, start);
      const candidate = { msisdn: msisdns[i], distance, differs, rank: i };
      if (best.length === limit && closer(wish, candidate, best[limit - 1]) >= 0) continue;
      let at = best.length;
      while (at > 0 && closer(wish, candidate, best[at - 1]) < 0) at--;
      best.splice(at, 0, candidate);
      if (best.length > limit) best.pop();
      if (best.length === limit) bound = best[limit - 1].distance;
    }
    return best.map(({ rank: _rank, ...match }) => match);
  }

  return { find };
}

export type NearMatches = ReturnType<typeof createNearMatches>;
