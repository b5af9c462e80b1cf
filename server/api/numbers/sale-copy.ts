/**
 * The in-memory copy of the numbers for sale (createSaleCopy) and the orders its rows are compared
 * in; how it is read is in sale-copy-read.ts, the packed digits and patterns it looks up in
 * packed-digits.ts.
 */
import type { CategoryId } from '../../../shared/api-types';
import type { Db } from '../store/database';
import { numberChangeReads } from './number-changes';
import { categoryIndex, createCopyReads, nextTurn, type Read } from './sale-copy-read';
import {
  digitOrder,
  leadingFree,
  lowerBound,
  msisdnFrom,
  packSubscriber,
  shiftOf,
  SUBSCRIBER_DIGITS,
  trailingFree,
  type DigitPattern,
} from './packed-digits';

/** A full read again when this many changes are waiting (cheaper than applying them one by one), or this much time has passed. */
const CHANGES_BEFORE_RELOAD = 5_000;
const EXTRAS_BEFORE_RELOAD = 5_000;
export const COPY_RELOAD_MS = 60 * 60_000;

/** Two numbers in the search's order within one price: by msisdn, as SQLite compares text. */
export const byMsisdn = (a: { msisdn: string }, b: { msisdn: string }) => (a.msisdn < b.msisdn ? -1 : a.msisdn > b.msisdn ? 1 : 0);

/** The catalogue's order: price, then msisdn (the order of the copy's rows). */
export const byCatalogue = (a: { price: number; msisdn: string }, b: { price: number; msisdn: string }) =>
  a.price - b.price || byMsisdn(a, b);

/** A number for sale stored or freed after the copy was read: kept beside it until the next full read. */
export interface ExtraNumber {
  msisdn: string;
  price: number;
  category: CategoryId;
  packed: number;
}

export { categoryIndex };

/**
 * The copy keeps typed arrays only, one slot a number and no object or string per number: a
 * million strings would be a million objects for the garbage collector to mark on every full
 * collection (pauses of a hundred milliseconds under load); typed arrays are one object each.
 */
export interface KeyRange {
  reversed: boolean;
  key: number;
  span: number;
  /** Where the digit of place `place` (0–6, in the pattern's own order) sits in the key. */
  shiftOfPlace(place: number): number;
}

export interface SaleCopy {
  count: number;
  packed: Int32Array;
  prices: Float64Array;
  /** The operator code (the two digits after +998) of each row. */
  codes: Uint8Array;
  /** Each row's category, as categoryIndex. */
  categories: Uint8Array;
  msisdnOf(row: number): string;
  /** 1 for a row sold, reserved into an order or put up for auction since the copy was read. */
  gone: Uint8Array;
  /** Numbers for sale that the read did not hold (stored or freed since), in the catalogue's order. */
  extras: ExtraNumber[];
  /**
   * Calls `visit` with every row (not extras) whose digits fit the pattern, in no particular
   * order; gone rows included (the caller skips them).
   */
  forEachFitting(pattern: DigitPattern, visit: (row: number) => void): void;
  /**
   * The ranges of keys a pattern spans: one when its fixed digits all stand before its free run
   * (in the forward or the reversed order), else one for each digit of each other free place. With
   * forEachInRange, a caller that varies only fixed digits (a near match's neighbours) computes
   * each key itself.
   */
  rangesOf(pattern: DigitPattern): KeyRange[];
  forEachInRange(reversed: boolean, low: number, span: number, visit: (row: number) => void): void;
}

/**
 * The numbers for sale, in memory, for the searches no index of SQLite answers well: the closest
 * numbers to a wish (near-matches.ts) and a date's runs anywhere in the digits (date-search.ts).
 * Hand-written: no kept library indexes "these digits at these places" over a set that changes.
 *
 * Read at the API's start in batches between requests (a million numbers take seconds in all:
 * `warm`), with the place in the log of number changes (migration 9) it was read at; afterwards
 * each use first applies the changes logged since, whichever process wrote them: a number sold,
 * put in an order or up for auction is marked gone, one freed or stored since is kept beside the
 * copy. So the copy is the store's numbers for sale
 * at every use (holds, which lapse by the clock, are the caller's to leave out). Two orders of
 * the packed digits (forward and reversed) turn a pattern free at one end into one range lookup.
 */
export function createSaleCopy(
  db: Db,
  { logError = () => {}, batchSize }: { logError?: (message: string, error: unknown) => void; batchSize?: number } = {},
) {
  const changeLog = numberChangeReads(db);
  const reads = createCopyReads(db, changeLog, batchSize);
  const numberNow = db.prepare('SELECT price, category, status FROM numbers WHERE msisdn = ?');
  const held = db.prepare("SELECT msisdn FROM numbers INDEXED BY numbers_held WHERE held_until > ? AND status = 'free'").pluck();

  interface Loaded extends SaleCopy {
    loadedAt: number;
    change: number;
  }
  let copy: Loaded | null = null;

  function load(
    now: number,
    read: Read = reads.whole(),
    forward = digitOrder(read.packed, read.count, false),
    backward = digitOrder(read.packed, read.count, true),
  ): Loaded {
    const { change, count, packed, prices, codes, categories } = read;
    const loaded: Loaded = {
      count,
      packed,
      prices,
      codes,
      categories,
      msisdnOf: (row) => msisdnFrom(codes[row], packed[row]),
      gone: new Uint8Array(count),
      extras: [],
      loadedAt: now,
      change,
      forEachFitting(pattern, visit) {
        for (const range of loaded.rangesOf(pattern)) loaded.forEachInRange(range.reversed, range.key, range.span, visit);
      },
      rangesOf(pattern) {
        // In the chosen order the free run is at the end: its digits span one range of keys;
        // every other free place is tried with each of its ten digits (patternCost ranges).
        const lead = leadingFree(pattern);
        const trail = trailingFree(pattern);
        const reversed = lead > trail;
        const run = reversed ? lead : trail;
        const span = run === 0 ? 1 : 1 << (4 * run);
        const shiftOfPlace = reversed ? (place: number) => shiftOf(SUBSCRIBER_DIGITS - 1 - place) : shiftOf;
        const ranges: KeyRange[] = [];
        const walk = (i: number, key: number) => {
          if (i === SUBSCRIBER_DIGITS - run) return void ranges.push({ reversed, key, span, shiftOfPlace });
          const place = reversed ? SUBSCRIBER_DIGITS - 1 - i : i;
          const digit = pattern[place];
          if (digit !== null) walk(i + 1, key | (digit << shiftOfPlace(place)));
          else for (let d = 0; d < 10; d++) walk(i + 1, key | (d << shiftOfPlace(place)));
        };
        walk(0, 0);
        return ranges;
      },
      forEachInRange(reversed, low, span, visit) {
        const order = reversed ? backward : forward;
        for (let i = lowerBound(order, low); i < order.keys.length && order.keys[i] < low + span; i++) visit(order.rows[i]);
      },
    };
    return loaded;
  }

  /**
   * The row of an msisdn at a price, by binary search over the catalogue's order (price, then
   * msisdn: the operator code, then the packed digits, compare as the msisdn's digits do); -1
   * when the copy does not hold it.
   */
  function rowOf(c: Loaded, msisdn: string, price: number): number {
    const key = Number(msisdn.slice(4, 6)) * 2 ** 28 + packSubscriber(msisdn);
    const keyAt = (row: number) => c.codes[row] * 2 ** 28 + c.packed[row];
    let lo = 0;
    let hi = c.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c.prices[mid] < price || (c.prices[mid] === price && keyAt(mid) < key)) lo = mid + 1;
      else hi = mid;
    }
    return lo < c.count && c.prices[lo] === price && keyAt(lo) === key ? lo : -1;
  }

  /** Applies the changes logged since the copy's place; false when a full read is the better way. */
  function follow(c: Loaded): boolean {
    const changes = changeLog.after(c.change, CHANGES_BEFORE_RELOAD + 1);
    if (changes.length === 0) return true;
    // A gap: the log was cut back past the copy's place, so some changes are no longer there.
    if (changes.length > CHANGES_BEFORE_RELOAD || changes[0].id !== c.change + 1) return false;
    let extrasMoved = false;
    for (const msisdn of new Set(changes.map((ch) => ch.msisdn))) {
      const row = numberNow.get(msisdn) as { price: number; category: CategoryId; status: string } | undefined;
      const free = row?.status === 'free';
      const at = row ? rowOf(c, msisdn, row.price) : -1;
      if (at >= 0) {
        c.gone[at] = free ? 0 : 1;
        continue;
      }
      const extra = c.extras.findIndex((e) => e.msisdn === msisdn);
      if (free && extra < 0) {
        c.extras.push({ msisdn, price: row.price, category: row.category, packed: packSubscriber(msisdn) });
        extrasMoved = true;
      } else if (!free && extra >= 0) c.extras.splice(extra, 1);
    }
    if (extrasMoved) c.extras.sort(byCatalogue);
    c.change = changes[changes.length - 1].id;
    return c.extras.length <= EXTRAS_BEFORE_RELOAD;
  }

  /** The copy read in the background, while it is being read. */
  let reading: Promise<void> | null = null;

  /** Reads a new copy in batches (reads.inBatches) and puts it in place; one read at a time. */
  function readInBackground(now: number): Promise<void> {
    reading ??= reads
      .inBatches()
      .then(async (read) => {
        if (!read) return;
        // Its two digit orders (about 150 ms each at a million numbers), each in a turn of its own.
        await nextTurn();
        const forward = digitOrder(read.packed, read.count, false);
        await nextTurn();
        const backward = digitOrder(read.packed, read.count, true);
        if (!db.open) return;
        // Put in place as read: its next use applies what changed since its place, as for any copy.
        copy = load(now, read, forward, backward);
      })
      .catch((error: unknown) => {
        if (db.open) logError('The numbers for sale could not be read in the background', error);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    /**
     * The copy as the store stands now. A copy older than COPY_RELOAD_MS is still followed and
     * used while a new one is read in the background; only the first use before `warm` has read
     * one, or a copy that cannot follow the log, reads the whole copy at once.
     */
    current(now: number): SaleCopy {
      if (!copy || !follow(copy)) copy = load(now);
      else if (now - copy.loadedAt >= COPY_RELOAD_MS) void readInBackground(now);
      return copy;
    },
    /**
     * Reads the copy in the background unless there is one (at the API's start, before the first
     * search needs it); resolves when the read in the background, this one or one under way, is over.
     */
    warm(now: number): Promise<void> {
      return reading ?? (copy ? Promise.resolve() : readInBackground(now));
    },
    /** The numbers for sale held right now (holds lapse by the clock, so they are read through their index at each call, never copied). */
    heldNow: (now: number): ReadonlySet<string> => new Set(held.all(now) as string[]),
  };
}

export type SaleCopies = ReturnType<typeof createSaleCopy>;
