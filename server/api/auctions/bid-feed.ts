import type { Db } from '../store/database';

/** An accepted bid as the feed hands it on: the store's row, with its id as the event sequence. */
export interface FeedBid {
  id: number;
  lotId: string;
  phone: string;
  amount: number;
  createdAt: number;
}

export type BidListener = (bid: FeedBid) => void;

/**
 * Every bid accepted anywhere (any cluster worker, later any machine), in id order, to whoever
 * listens on this process. The lot streams only know this interface: the store-following feed
 * below serves one machine (workers share the SQLite file); a Redis publish/subscribe feed for
 * several machines (REDIS_URL) can replace it without touching the streams.
 */
export interface BidFeed {
  /** Listens to the bids of one lot, or of every lot with `null`; returns the unsubscribe. */
  subscribe(lotId: string | null, listener: BidListener): () => void;
  /** Stops following; listeners get nothing more. */
  close(): void;
}

interface BidRow {
  id: number;
  lot_id: string;
  phone: string;
  amount: number;
  created_at: number;
}

/** How often a worker looks for new bids while someone listens: well within the one second a bidder may wait. */
export const FEED_POLL_MS = 250;
const BATCH = 500;

/**
 * Follows the bids table by id. A bid is written by whichever worker accepted it, so each worker
 * reads `WHERE id > last` (an index lookup on the primary key) every FEED_POLL_MS, and only while
 * at least one listener is subscribed: a worker with no open stream runs no timer at all.
 */
export function createStoreBidFeed(db: Db, pollMs = FEED_POLL_MS): BidFeed {
  const newer = db.prepare('SELECT id, lot_id, phone, amount, created_at FROM bids WHERE id > ? ORDER BY id LIMIT ?');
  const latest = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM bids');
  const listeners = new Map<string | null, Set<BidListener>>();
  let size = 0;
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function deliver(bid: FeedBid): void {
    for (const key of [bid.lotId, null]) {
      for (const listener of listeners.get(key) ?? []) listener(bid);
    }
  }

  function poll(): void {
    let rows: BidRow[];
    do {
      rows = newer.all(last, BATCH) as BidRow[];
      for (const row of rows) {
        last = row.id;
        deliver({ id: row.id, lotId: row.lot_id, phone: row.phone, amount: row.amount, createdAt: row.created_at });
      }
    } while (rows.length === BATCH && timer);
  }

  return {
    subscribe(lotId, listener) {
      if (closed) return () => {};
      if (size === 0) {
        // Bids from before the first listener are the snapshot's business, not the feed's.
        last = (latest.get() as { id: number }).id;
        timer = setInterval(() => {
          try {
            poll();
          } catch {
            // The store closing under a last tick (shutdown) is not worth a crash; the next tick retries.
          }
        }, pollMs);
      }
      const set = listeners.get(lotId) ?? new Set<BidListener>();
      listeners.set(lotId, set);
      set.add(listener);
      size += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        if (set.size === 0) listeners.delete(lotId);
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
