import type { CategoryId } from '../../../shared/api-types';
import type { Db } from '../store/database';
import type { SearchFilters } from './number-search';

/** The subscriber digits a near match is measured on: the last seven of the nine after +998. */
export const SUBSCRIBER_DIGITS = 7;

/**
 * What the visitor wished for, over the seven subscriber digits: fixed digits at fixed places (an
 * ending, or the digits of a mask), or a run of digits anywhere (the digits search).
 */
export type NearWish = { kind: 'placed'; digits: readonly (number | null)[]; ending: boolean } | { kind: 'run'; run: readonly number[] };

export interface NearMatch {
  msisdn: string;
  price: number;
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
    const symbols = f.mask.slice(-SUBSCRIBER_DIGITS).padStart(SUBSCRIBER_DIGITS, '_');
    const digits = [...symbols].map((s) => (/\d/.test(s) ? Number(s) : null));
    return digits.some((d) => d !== null) ? { kind: 'placed', ending: false, digits } : null;
  }
  if (f.contains) return { kind: 'run', run: toDigits(f.contains.slice(-SUBSCRIBER_DIGITS)) };
  return null;
}

/**
 * How many wished digits the number at `offset` (in `all`) misses, and for a run where it sits
 * best; `Infinity` once past `bound` (the scan's early stop). Allocates nothing: it runs for every
 * number for sale.
 */
function distanceOf(wish: NearWish, all: Uint8Array, offset: number, bound: number): { distance: number; start: number } {
  if (wish.kind === 'placed') {
    let distance = 0;
    for (let p = 0; p < SUBSCRIBER_DIGITS; p++) {
      const wished = wish.digits[p];
      if (wished !== null && all[offset + p] !== wished && ++distance > bound) return { distance: Infinity, start: 0 };
    }
    return { distance, start: 0 };
  }
  let best = Infinity;
  let bestStart = 0;
  for (let start = SUBSCRIBER_DIGITS - wish.run.length; start >= 0; start--) {
    let distance = 0;
    for (let i = 0; i < wish.run.length && distance <= bound; i++) if (all[offset + start + i] !== wish.run[i]) distance++;
    if (distance <= bound && distance < best) {
      best = distance;
      bestStart = start;
    }
  }
  return { distance: best, start: bestStart };
}

/** The places where the number at `offset` differs from the wish (a run placed at `start`). */
function differsOf(wish: NearWish, all: Uint8Array, offset: number, start: number): number[] {
  const differs: number[] = [];
  if (wish.kind === 'placed') {
    for (let p = 0; p < SUBSCRIBER_DIGITS; p++) if (wish.digits[p] !== null && all[offset + p] !== wish.digits[p]) differs.push(p);
  } else {
    for (let i = 0; i < wish.run.length; i++) if (all[offset + start + i] !== wish.run[i]) differs.push(start + i);
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
  count: number;
  /** Seven subscriber digits per number, in the catalogue's order (price, then number). */
  digits: Uint8Array;
  msisdns: string[];
  prices: Float64Array;
  categories: CategoryId[];
}

/**
 * The closest numbers for sale to a wish that has fewer exact matches than a page. Hand-written:
 * no index of SQLite (nor any kept library) answers "fewest differing digits"; the free numbers'
 * digits are kept in memory in one typed array (7 bytes a number), read again only when the
 * catalogue's version moves (a number stored or sold), and scanned with an early stop once a
 * candidate is worse than the page's worst. Holds are read each time through their own index.
 */
export function createNearMatches(db: Db) {
  const version = db.prepare('SELECT version FROM number_catalogue').pluck();
  const forSale = db.prepare(
    "SELECT msisdn, price, category FROM numbers INDEXED BY numbers_sale WHERE status = 'free' ORDER BY price, msisdn",
  );
  const held = db.prepare("SELECT msisdn FROM numbers INDEXED BY numbers_held WHERE held_until > ? AND status = 'free'").pluck();
  let catalogue: Catalogue | null = null;

  function load(): Catalogue {
    const current = version.get() as number;
    if (catalogue?.version === current) return catalogue;
    const rows = forSale.all() as Array<{ msisdn: string; price: number; category: CategoryId }>;
    const digits = new Uint8Array(rows.length * SUBSCRIBER_DIGITS);
    const prices = new Float64Array(rows.length);
    rows.forEach((row, i) => {
      const subscriber = row.msisdn.slice(-SUBSCRIBER_DIGITS);
      for (let p = 0; p < SUBSCRIBER_DIGITS; p++) digits[i * SUBSCRIBER_DIGITS + p] = subscriber.charCodeAt(p) - 48;
      prices[i] = row.price;
    });
    catalogue = {
      version: current,
      count: rows.length,
      digits,
      msisdns: rows.map((r) => r.msisdn),
      prices,
      categories: rows.map((r) => r.category),
    };
    return catalogue;
  }

  /** Up to `limit` numbers for sale (not held now) closest to the wish, exact matches left out. */
  function find(wish: NearWish, limit: number, now: number, category: CategoryId | null = null): NearMatch[] {
    const { count, digits, msisdns, prices, categories } = load();
    const heldNow = new Set(held.all(now) as string[]);
    const best: Array<NearMatch & { rank: number }> = [];
    const wished = wish.kind === 'placed' ? wish.digits.filter((d) => d !== null).length : wish.run.length;
    let bound = wished;
    for (let i = 0; i < count; i++) {
      if (category && categories[i] !== category) continue;
      const { distance, start } = distanceOf(wish, digits, i * SUBSCRIBER_DIGITS, bound);
      if (distance === 0 || distance === Infinity || heldNow.has(msisdns[i])) continue;
      const differs = differsOf(wish, digits, i * SUBSCRIBER_DIGITS, start);
      const candidate = { msisdn: msisdns[i], price: prices[i], distance, differs, rank: i };
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
