import { writeTransaction, type Db } from '../store/database';
import { followTable, type StoreFeed } from '../store/store-feed';

/** A row of the store's log of number changes (migration 9): which number, and the change's place in the log. */
export interface NumberChange {
  id: number;
  msisdn: string;
}

export type NumberFeed = StoreFeed<NumberChange>;

/**
 * How many changes the log keeps: a browser reconnecting after more than this many changes gets
 * the numbers' present statuses afresh rather than the changes it missed.
 */
export const CHANGES_KEPT = 100_000;

/** The log's reads that need no clock: every reader of the log takes them from here. */
export interface NumberChangeReads {
  /** Up to `limit` changes after the change `id`, in id order. */
  after(id: number, limit: number): NumberChange[];
  /** The highest change id (0 for an empty log). */
  latest(): number;
}

export function numberChangeReads(db: Db): NumberChangeReads {
  const after = db.prepare('SELECT id, msisdn FROM number_changes WHERE id > ? ORDER BY id LIMIT ?');
  const latest = db.prepare('SELECT COALESCE(MAX(id), 0) FROM number_changes').pluck();
  return {
    after: (id, limit) => after.all(id, limit) as NumberChange[],
    latest: () => latest.get() as number,
  };
}

export interface NumberChangeLog extends NumberChangeReads {
  /** Logs the holds that lapsed by the clock since the last look, once across every process, and keeps the log to its size. */
  logLapses(): void;
  /** The highest change id, and the lowest still kept (a resume from before it starts afresh). */
  bounds(): { latest: number; oldest: number };
  /** The numbers among `msisdns` changed after `since`, each once, with its latest change id, in id order. */
  changedSince(since: number, msisdns: readonly string[]): NumberChange[];
}

/**
 * The log of number changes. A trigger writes a row whenever a number's status or hold changes,
 * in whichever process wrote the number; a hold that lapses by the clock writes nothing, so the
 * first worker to see the clock pass its end logs it here, inside a write transaction that moves
 * a mark: however many workers look, each lapse is logged once.
 */
export function createNumberChangeLog(db: Db, now: () => number, kept = CHANGES_KEPT): NumberChangeLog {
  const mark = db.prepare('SELECT logged_until FROM number_lapses').pluck();
  // The numbers_held index: the next hold to end after the mark, one index step.
  const nextLapse = db.prepare('SELECT MIN(held_until) FROM numbers WHERE held_until > ?').pluck();
  const insertLapsed = db.prepare(
    'INSERT INTO number_changes (msisdn) SELECT msisdn FROM numbers WHERE held_until > @from AND held_until <= @to ORDER BY held_until',
  );
  const moveMark = db.prepare('UPDATE number_lapses SET logged_until = ?');
  const reads = numberChangeReads(db);
  const oldest = db.prepare('SELECT COALESCE(MIN(id), 0) FROM number_changes').pluck();
  const prune = db.prepare('DELETE FROM number_changes WHERE id <= ?');
  // The watches' place in the log (watch-service.ts): what they have not matched yet is kept.
  const watchCursor = db.prepare('SELECT change_id FROM watch_cursor').pluck();
  const changed = db.prepare(
    `SELECT MAX(c.id) AS id, c.msisdn FROM json_each(?) AS wanted JOIN number_changes c ON c.msisdn = wanted.value AND c.id > ?
     GROUP BY c.msisdn ORDER BY id`,
  );

  const logInStore = writeTransaction(db, (at: number) => {
    const from = mark.get() as number | null;
    if (from !== null && from >= at) return;
    if (from !== null) insertLapsed.run({ from, to: at });
    moveMark.run(at);
  });

  /** Drops the changes older than the latest `kept`, never one the watches have yet to match. */
  const pruneInStore = writeTransaction(db, () => {
    const last = reads.latest();
    const matched = (watchCursor.get() as number | null) ?? last;
    prune.run(Math.min(last - kept, matched));
  });

  return {
    logLapses() {
      const at = now();
      const from = mark.get() as number | null;
      // The usual look: no hold ended since the mark, so nothing to write (and no write lock taken).
      // A log grown a tenth past what it keeps is cut back (two primary-key reads when it is not).
      if (reads.latest() - (oldest.get() as number) > kept * 1.1) pruneInStore();
      if (from !== null) {
        const next = nextLapse.get(from) as number | null;
        if (next === null || next > at) return;
      }
      logInStore(at);
    },
    ...reads,
    bounds: () => ({ latest: reads.latest(), oldest: oldest.get() as number }),
    changedSince: (since, msisdns) => changed.all(JSON.stringify(msisdns), since) as NumberChange[],
  };
}

/** Follows the log by id (store-feed.ts), logging the lapsed holds before each look. */
export function createStoreNumberFeed(db: Db, log: NumberChangeLog, pollMs?: number): NumberFeed {
  return followTable<NumberChange>(
    {
      newer: log.after,
      // The first listener starts the lapse log's clock too: holds that end from now on are news.
      latest: () => {
        log.logLapses();
        return log.bounds().latest;
      },
      keyOf: (change) => change.msisdn,
      beforePoll: () => log.logLapses(),
    },
    pollMs,
  );
}
