/** How often a worker looks for new rows while someone listens: well within the one second a visitor may wait. */
export const FEED_POLL_MS = 250;
const BATCH = 500;

/**
 * Rows appended to one table of the store (any cluster worker, any process writing the SQLite
 * file), in id order, to whoever listens on this process, by key; `null` listens to every key.
 */
export interface StoreFeed<E extends { id: number }> {
  /** Listens to the rows of one key, or of every key with `null`; returns the unsubscribe. */
  subscribe(key: string | null, listener: (row: E) => void): () => void;
  /** Stops following; listeners get nothing more. */
  close(): void;
}

export interface FollowedTable<E extends { id: number }> {
  /** Up to `limit` rows with an id above `last`, in id order (an index lookup on the primary key). */
  newer(last: number, limit: number): E[];
  /** The highest id now: rows from before the first listener are the snapshot's business, not the feed's. */
  latest(): number;
  keyOf(row: E): string;
  /** Runs before each look (the number feed writes the holds that lapsed by the clock here). */
  beforePoll?(): void;
}

/**
 * Follows an append-only table by id. A row is written by whichever worker made the change, so
 * each worker reads `WHERE id > last` every `pollMs`, and only while at least one listener is
 * subscribed: a worker with no open stream runs no timer at all. The feeds of bids and of number
 * changes are this one loop; a Redis publish/subscribe feed for several machines could replace
 * either without touching the streams, which only know StoreFeed.
 */
export function followTable<E extends { id: number }>(table: FollowedTable<E>, pollMs = FEED_POLL_MS): StoreFeed<E> {
  const listeners = new Map<string | null, Set<(row: E) => void>>();
  let size = 0;
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function deliver(row: E): void {
    for (const key of [table.keyOf(row), null]) {
      for (const listener of listeners.get(key) ?? []) listener(row);
    }
  }

  function poll(): void {
    table.beforePoll?.();
    let rows: E[];
    do {
      rows = table.newer(last, BATCH);
      for (const row of rows) {
        last = row.id;
        deliver(row);
      }
    } while (rows.length === BATCH && timer);
  }

  return {
    subscribe(key, listener) {
      if (closed) return () => {};
      if (size === 0) {
        last = table.latest();
        timer = setInterval(() => {
          try {
            poll();
          } catch {
            // The store closing under a last tick (shutdown) is not worth a crash; the next tick retries.
          }
        }, pollMs);
      }
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set);
      set.add(listener);
      size += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
        size -= 1;
        if (size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      listeners.clear();
      size = 0;
    },
  };
}
