import { openDatabase, type Db } from '../store/database';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { INSERT_NUMBER, storedNumber } from './number-columns';
import { patternCost, type DigitPattern } from './packed-digits';
import { createSaleCopy, type SaleCopy } from './sale-copy';

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
});
