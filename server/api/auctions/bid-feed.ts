import type { Db } from '../store/database';
import { followTable, type StoreFeed } from '../store/store-feed';

/** An accepted bid as the feed hands it on: the store's row, with its id as the event sequence. */
export interface FeedBid {
  id: number;
  lotId: string;
  phone: string;
  amount: number;
  createdAt: number;
  automatic: number;
}

/**
 * Every bid accepted anywhere (any cluster worker, later any machine), in id order, by lot. The
 * lot streams only know this interface: the store-following feed below serves one machine
 * (workers share the SQLite file); a Redis publish/subscribe feed for several machines
 * (REDIS_URL) can replace it without touching the streams.
 */
export type BidFeed = StoreFeed<FeedBid>;

/** Follows the bids table by id (store-feed.ts). */
export function createStoreBidFeed(db: Db, pollMs?: number): BidFeed {
  const newer = db.prepare(
    'SELECT id, lot_id AS lotId, phone, amount, created_at AS createdAt, automatic FROM bids WHERE id > ? ORDER BY id LIMIT ?',
  );
  const latest = db.prepare('SELECT COALESCE(MAX(id), 0) FROM bids').pluck();
  return followTable<FeedBid>(
    {
      newer: (last, limit) => newer.all(last, limit) as FeedBid[],
      latest: () => latest.get() as number,
      keyOf: (bid) => bid.lotId,
    },
    pollMs,
  );
}
