import { openDatabase, type Db } from '../store/database';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { INSERT_NUMBER, storedNumber } from './number-columns';
import { patternCost, type DigitPattern } from './packed-digits';
import { COPY_RELOAD_MS, createSaleCopy, type SaleCopy } from './sale-copy';

/** The in-memory copy of the numbers for sale: its pattern lookups, and following the store's changes. */

let t: TestApi;
let db: Db;
beforeEach(() => {
  t = createTestApi({ demoNumbers: 3_000, watchTimer: false });
  db = openDatabase(t.dataDir);
});
afterEach(() => {
  db.close();
  t.close();
});

/** What the store holds for sale, written plainly. */
const forSale = () =>
  (db.prepare("SELECT msisdn FROM numbers WHERE status = 'free' ORDER BY price, msisdn").pluck().all() as string[]).sort();

const msisdnsOf = (copy: SaleCopy) => Array.from({ length: copy.count }, (_, row) => copy.msisdnOf(row));

/** Every number the copy holds for sale now: its rows not gone, and its extras. */
function heldByCopy(copy: SaleCopy): string[] {
  const rows = msisdnsOf(copy).filter((_, row) => !copy.gone[row]);
  return [...rows, ...copy.extras.map((e) => e.msisdn)].sort();
}

function fitting(copy: SaleCopy, pattern: DigitPattern): string[] {
  const found: string[] = [];
  copy.forEachFitting(pattern, (row) => found.push(copy.msisdnOf(row)));
  return found.sort();
}

describe('the sale copy', () => {
  it('finds exactly the numbers whose digits fit a pattern, whichever end is free, over 500 random patterns', () => {
    const copy = createSaleCopy(db).current(t.clock.now());
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let found = 0;
    for (let i = 0; i < 500; i++) {
      const pattern = Array.from({ length: 7 }, () => (random() < 0.5 ? null : Math.floor(random() * 10)));
      if (patternCost(pattern) === Infinity) continue;
      const expected = msisdnsOf(copy)
        .filter((msisdn) => [...msisdn.slice(-7)].every((digit, place) => pattern[place] === null || Number(digit) === pattern[place]))
        .sort();
      expect({ pattern, found: fitting(copy, pattern) }).toEqual({ pattern, found: expected });
      found += expected.length;
    }
    expect(found).toBeGreaterThan(500);
  });

  it('follows the store: a number sold, freed again, stored anew, whichever connection wrote it', () => {
    const copies = createSaleCopy(db);
    const now = t.clock.now();
    expect(heldByCopy(copies.current(now))).toEqual(forSale());
    const [first, second] = forSale();
    // Another connection, as another worker would be.
    const other = openDatabase(t.dataDir);
    try {
      other.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn IN (?, ?)").run(first, second);
      expect(heldByCopy(copies.current(now))).toEqual(forSale());
      expect(heldByCopy(copies.current(now))).not.toContain(first);
      other.prepare("UPDATE numbers SET status = 'free' WHERE msisdn = ?").run(first);
      other.prepare(INSERT_NUMBER).run(storedNumber('+998771234560', 'free'));
      const copy = copies.current(now);
      expect(heldByCopy(copy)).toEqual(forSale());
      expect(copy.extras.map((e) => e.msisdn)).toEqual(['+998771234560']);
      // The stored number is found by its digits like any other.
      expect(fitting(copy, [1, 2, 3, 4, 5, 6, 0])).toEqual([]);
      expect(copy.extras[0].packed).toBe(0x1234560);
    } finally {
      other.close();
    }
  });

  it('reads the store whole again when the log was cut back past its place', () => {
    const copies = createSaleCopy(db);
    const now = t.clock.now();
    const before = copies.current(now);
    const [sold] = forSale();
    db.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn = ?").run(sold);
    // The change it has not read is gone from the log (cut back to its size).
    db.prepare('DELETE FROM number_changes').run();
    db.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn = ?").run(forSale()[0]);
    const after = copies.current(now);
    expect(after).not.toBe(before);
    expect(heldByCopy(after)).toEqual(forSale());
    expect(heldByCopy(after)).not.toContain(sold);
  });

  describe('read in batches between other work', () => {
    /** Turns of the event loop that other work had while `promise` ran. */
    async function turnsDuring(promise: Promise<void>): Promise<number> {
      let turns = 0;
      let over = false;
      const tick = () => {
        if (over) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      await promise;
      over = true;
      return turns;
    }

    it('gives the copy a whole read gives, while other work runs between its batches', async () => {
      const now = t.clock.now();
      const copies = createSaleCopy(db, { batchSize: 500 });
      const turns = await turnsDuring(copies.warm(now));
      // 3,000 numbers less those sold: six batches at least, each in a turn of its own.
      expect(turns).toBeGreaterThanOrEqual(5);
      const warmed = copies.current(now);
      const whole = createSaleCopy(db).current(now);
      expect(warmed.count).toBe(whole.count);
      expect(msisdnsOf(warmed)).toEqual(msisdnsOf(whole));
      expect(Array.from(warmed.prices)).toEqual(Array.from(whole.prices));
      expect(Array.from(warmed.categories)).toEqual(Array.from(whole.categories));
      expect(fitting(warmed, [null, null, null, null, null, 0, 0])).toEqual(fitting(whole, [null, null, null, null, null, 0, 0]));
    });

    it('holds what changed while its batches were read: a number sold after its batch, one freed behind them', async () => {
      const now = t.clock.now();
      const copies = createSaleCopy(db, { batchSize: 500 });
      const [cheapest] = forSale();
      const sold = db.prepare("SELECT msisdn FROM numbers WHERE status = 'sold' ORDER BY price, msisdn LIMIT 1").pluck().get() as string;
      const warming = copies.warm(now);
      // The first batch is read: another worker sells a number in it and frees one that sorts before the batches' place.
      await new Promise((resolve) => setImmediate(resolve));
      const other = openDatabase(t.dataDir);
      try {
        other.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn = ?").run(cheapest);
        other.prepare("UPDATE numbers SET status = 'free' WHERE msisdn = ?").run(sold);
      } finally {
        other.close();
      }
      await warming;
      const copy = copies.current(now);
      expect(heldByCopy(copy)).toEqual(forSale());
      expect(heldByCopy(copy)).not.toContain(cheapest);
      expect(heldByCopy(copy)).toContain(sold);
    });

    it('an hour on, keeps following the copy it has while it reads a new one in the background', async () => {
      const copies = createSaleCopy(db, { batchSize: 500 });
      const first = copies.current(t.clock.now());
      t.clock.advance(COPY_RELOAD_MS);
      const later = t.clock.now();
      const [sold] = forSale();
      db.prepare("UPDATE numbers SET status = 'sold' WHERE msisdn = ?").run(sold);
      // Answered at once from the copy it had, the sale applied.
      const meanwhile = copies.current(later);
      expect(meanwhile).toBe(first);
      expect(heldByCopy(meanwhile)).toEqual(forSale());
      await copies.warm(later);
      const next = copies.current(later);
      expect(next).not.toBe(first);
      expect(heldByCopy(next)).toEqual(forSale());
      expect(msisdnsOf(next)).not.toContain(sold);
    });

    it('stops quietly when the store is closed while it reads', async () => {
      const own = openDatabase(t.dataDir);
      const logError = jest.fn();
      const copies = createSaleCopy(own, { batchSize: 500, logError });
      const warming = copies.warm(t.clock.now());
      await new Promise((resolve) => setImmediate(resolve));
      own.close();
      await expect(warming).resolves.toBeUndefined();
      expect(logError).not.toHaveBeenCalled();
    });
  });
});
