/**
 * How the in-memory copy of the numbers for sale is read (sale-copy.ts): whole in one transaction,
 * or in batches between requests.
 */
import type { CategoryId } from '../../../shared/api-types';
import type { Db } from '../store/database';
import type { numberChangeReads } from './number-changes';
import { packSubscriber } from './packed-digits';
import { CATEGORY_IDS } from './categories';

/** Rows read per turn of the event loop when the copy is read in batches (about 60 ms each at a million numbers). */
export const COPY_BATCH = 10_000;

/** A category as the copy stores it: its place in CATEGORY_IDS. */
export const categoryIndex = (id: CategoryId) => CATEGORY_IDS.indexOf(id);

type ForSaleRow = [msisdn: string, price: number, category: CategoryId];

/** The columns of the copy's rows, in the catalogue's order. */
interface Columns {
  count: number;
  packed: Int32Array;
  prices: Float64Array;
  codes: Uint8Array;
  categories: Uint8Array;
}

/** The columns and the place in the log of number changes they were read at. */
export interface Read extends Columns {
  change: number;
}

function emptyColumns(count: number): Columns {
  return {
    count,
    packed: new Int32Array(count),
    prices: new Float64Array(count),
    codes: new Uint8Array(count),
    categories: new Uint8Array(count),
  };
}

function putRow(columns: Columns, i: number, [msisdn, price, category]: ForSaleRow): void {
  columns.packed[i] = packSubscriber(msisdn);
  columns.prices[i] = price;
  columns.codes[i] = Number(msisdn.slice(4, 6));
  columns.categories[i] = categoryIndex(category);
}

function joinColumns(batches: Columns[]): Columns {
  const joined = emptyColumns(batches.reduce((sum, batch) => sum + batch.count, 0));
  let at = 0;
  for (const batch of batches) {
    joined.packed.set(batch.packed, at);
    joined.prices.set(batch.prices, at);
    joined.codes.set(batch.codes, at);
    joined.categories.set(batch.categories, at);
    at += batch.count;
  }
  return joined;
}

/** The next turn of the event loop: what waits (requests, timers, I/O) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createCopyReads(db: Db, changeLog: ReturnType<typeof numberChangeReads>, batchSize = COPY_BATCH) {
  const forSale = db
    .prepare("SELECT msisdn, price, category FROM numbers INDEXED BY numbers_sale WHERE status = 'free' ORDER BY price, msisdn")
    .raw();
  /** The next batch of numbers for sale after a place in the catalogue's order. */
  const forSaleAfter = db
    .prepare(
      `SELECT msisdn, price, category FROM numbers INDEXED BY numbers_sale
        WHERE status = 'free' AND (price, msisdn) > (?, ?) ORDER BY price, msisdn LIMIT ?`,
    )
    .raw();
  const countForSale = db.prepare("SELECT COUNT(*) FROM numbers WHERE status = 'free'").pluck();

  /** The numbers for sale and the log's place, read in one transaction (one snapshot of the store). */
  const whole = db.transaction((): Read => {
    const change = changeLog.latest();
    const columns = emptyColumns(countForSale.get() as number);
    let i = 0;
    for (const row of forSale.iterate() as IterableIterator<ForSaleRow>) putRow(columns, i++, row);
    return { change, ...columns };
  });

  /**
   * The same read in batches (COPY_BATCH rows), each in a turn of the event loop of its own, so
   * that no request waits for a million rows. Not one snapshot: the log's place is taken first,
   * and what changed while the batches were read is in the log after it, which `follow` applies
   * as it does to any copy (a number sold after its batch was read is marked gone; one freed or
   * stored behind the batches' place is kept beside the copy). Null when the store closed meanwhile.
   */
  async function inBatches(): Promise<Read | null> {
    const change = changeLog.latest();
    const batches: Columns[] = [];
    let after: [number, string] = [-1, ''];
    for (;;) {
      // Each batch in a turn of its own, the first too: an API closed as soon as it was made (the
      // primary's seeding of a cluster's store) reads nothing.
      await nextTurn();
      if (!db.open) return null;
      const rows = forSaleAfter.all(...after, batchSize) as ForSaleRow[];
      const batch = emptyColumns(rows.length);
      rows.forEach((row, i) => putRow(batch, i, row));
      batches.push(batch);
      if (rows.length < batchSize) break;
      const [msisdn, price] = rows[rows.length - 1];
      after = [price, msisdn];
    }
    return { change, ...joinColumns(batches) };
  }

  return { whole, inBatches };
}
