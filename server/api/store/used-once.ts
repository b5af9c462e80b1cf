import type { Db } from './database';
import { writeTransaction } from './database';

/**
 * How long past its last usable moment a used key is still remembered: room for the clocks of the
 * cluster's workers and for a request still between its own check of the key's age and the store.
 * Forgotten exactly at that moment, a key checked in its last millisecond on one worker once met
 * a row another worker had just swept, and was taken as new (a signed Telegram contact replayed).
 */
export const REMEMBER_PAST_USE_MS = 5 * 60_000;

/**
 * Whether a key (a signature) is used for the first time, remembered in `table` (`key` and
 * `forget_at` columns) until `REMEMBER_PAST_USE_MS` after `usableUntil`, the last moment it could
 * be accepted anyway. In the store, in one write transaction, so a key replayed to another cluster
 * worker or process, or at the same moment, is refused too; rows past their time are swept on the way.
 */
export function usedOnce(db: Db, table: string, key: string): (value: string, usableUntil: number, now: number) => boolean {
  const forgetOld = db.prepare(`DELETE FROM ${table} WHERE forget_at < ?`);
  const remember = db.prepare(`INSERT OR IGNORE INTO ${table} (${key}, forget_at) VALUES (?, ?)`);
  return writeTransaction(db, (value: string, usableUntil: number, now: number): boolean => {
    forgetOld.run(now);
    return remember.run(value, usableUntil + REMEMBER_PAST_USE_MS).changes === 1;
  });
}
