import crypto from 'node:crypto';
import type { Watch } from '../../../shared/api-types';
import { WATCH_DAYS, WATCHES_PER_PHONE, type WatchBody } from '../../../shared/contract';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { formatUzPhone } from '../../../shared/validation';
import type { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { translate } from '../http/language';
import { tooManyRequests } from '../http/limits';
import type { NumberChangeLog } from '../numbers/number-changes';
import { normalizeMask } from '../numbers/number-patterns';
import { numberStatus, type NumberRow } from '../numbers/number-store';
import { writeTransaction } from '../store/database';
import { createWatchIndex, watchDate, type WatchCriteria, type WatchIndex } from './watch-index';

/** How often each process looks at the log of number changes for the watches. */
export const WATCH_TICK_MS = 1_000;
const DAY_MS = 24 * 60 * 60_000;
/** Watches removed or expired stay in the in-memory index (and are refused at sending) until this rebuild. */
const REBUILD_MS = 10 * 60_000;
const BATCH = 500;

interface WatchRow {
  seq: number;
  id: string;
  phone: string;
  category: string | null;
  contains: string | null;
  ends_with: string | null;
  mask: string | null;
  date: string | null;
  lang: Language;
  created_at: number;
  expires_at: number;
  last_sent_at: number | null;
  removed_at: number | null;
}

const DIGIT_FIELDS = ['mask', 'contains', 'endsWith', 'date'] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(row: WatchRow): Watch {
  return {
    id: row.id,
    category: row.category as Watch['category'],
    contains: row.contains,
    endsWith: row.ends_with,
    mask: row.mask,
    date: row.date,
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at)!,
    lastSentAt: iso(row.last_sent_at),
  };
}

const criteriaOf = (row: WatchRow): WatchCriteria => ({
  id: row.id,
  category: row.category,
  contains: row.contains,
  endsWith: row.ends_with,
  mask: row.mask,
  date: row.date,
});

/** An SMS the watches decided to send, once the transaction that decided it has committed. */
interface Alert {
  phone: string;
  lang: Language;
  msisdn: string;
}

/**
 * Number watches: a visitor with a phone confirmed by SMS saves a search (up to
 * WATCHES_PER_PHONE, for WATCH_DAYS); when a number it matches comes free (a booking released or
 * lapsed, an order lapsed, a lot ended unsold, a number added), the phone gets one SMS a day at most,
 * whichever of its watches matched and however often it removed and saved them, through the same
 * sandbox channel as the codes (the log, outside production), with a link to that number.
 *
 * Each process reads the log of number changes (number-changes.ts) every WATCH_TICK_MS, and
 * matches in a write transaction that moves the shared cursor: however many workers or processes
 * look, each change is matched once, and the phone's day limit is checked and set in the same
 * statement that decides its SMS.
 */
export function createWatchService(
  ctx: ApiContext,
  log: NumberChangeLog,
  siteUrl: string,
  /** What frees numbers by the clock besides lapsed holds (lots that ended unsold), run before each look. */
  freeByTheClock: () => void = () => {},
) {
  const db = ctx.db;
  const active = db.prepare('SELECT * FROM number_watches WHERE phone = ? AND removed_at IS NULL AND expires_at > ? ORDER BY seq');
  const insert = db.prepare(
    `INSERT INTO number_watches (id, phone, category, contains, ends_with, mask, date, lang, created_at, expires_at)
     VALUES (@id, @phone, @category, @contains, @ends_with, @mask, @date, @lang, @created_at, @expires_at)`,
  );
  const byId = db.prepare('SELECT * FROM number_watches WHERE id = ?');
  const remove = db.prepare('UPDATE number_watches SET removed_at = ? WHERE id = ? AND removed_at IS NULL');
  const liveSince = db.prepare('SELECT * FROM number_watches WHERE seq > ? AND removed_at IS NULL AND expires_at > ? ORDER BY seq');
  const cursor = db.prepare('SELECT change_id FROM watch_cursor').pluck();
  const moveCursor = db.prepare('UPDATE watch_cursor SET change_id = ?');
  const numberByMsisdn = db.prepare('SELECT * FROM numbers WHERE msisdn = ?');
  // The one statement that decides an SMS: the watch still stands, and no watch of its phone,
  // standing or removed, sent one within the day. Per phone, not per watch: a phone that removes
  // and saves its watches again (or has three that match) still gets one SMS a day. Watches are
  // never deleted, so their last_sent_at is the phone's record (indexed by migration 13).
  const claim = db.prepare(
    `UPDATE number_watches SET last_sent_at = @now
     WHERE id = @id AND removed_at IS NULL AND expires_at > @now
       AND NOT EXISTS (
         SELECT 1 FROM number_watches AS sent
         WHERE sent.phone = number_watches.phone AND sent.last_sent_at > @now - ${DAY_MS}
       )
     RETURNING phone, lang`,
  );
  const recordAlert = db.prepare('INSERT INTO watch_alerts (watch_id, msisdn, sent_at) VALUES (?, ?, ?)');

  let index: WatchIndex = createWatchIndex();
  let loadedSeq = 0;
  let builtAt = -Infinity;

  /** The index of the watches standing now: rebuilt every REBUILD_MS, new watches added on every look. */
  function freshIndex(now: number): WatchIndex {
    if (now - builtAt > REBUILD_MS || now < builtAt) {
      index = createWatchIndex();
      loadedSeq = 0;
      builtAt = now;
    }
    for (const row of liveSince.all(loadedSeq, now) as WatchRow[]) {
      index.add(criteriaOf(row));
      loadedSeq = row.seq;
    }
    return index;
  }

  /** The criteria of a new watch, normalized as the search reads them; a 400 naming the field at fault. */
  function criteria(input: z.output<typeof WatchBody>): Omit<WatchCriteria, 'id'> {
    const given = DIGIT_FIELDS.filter((field) => input[field] !== undefined && input[field] !== '');
    if (given.length === 0 && !input.category) throw badRequest('watch_empty');
    if (given.length > 1) throw badRequest('watch_one_search', given[1]);
    const mask = input.mask ? normalizeMask(input.mask) : null;
    if (input.mask && !mask) throw badRequest('invalid_mask', 'mask');
    const date = input.date ? watchDate(input.date) : null;
    if (input.date && !date) throw badRequest('invalid_date', 'date');
    return { category: input.category ?? null, contains: input.contains ?? null, endsWith: input.endsWith ?? null, mask, date };
  }

  const createInStore = writeTransaction(db, (phone: string, lang: Language, wanted: Omit<WatchCriteria, 'id'>): WatchRow => {
    const now = ctx.now();
    const standing = active.all(phone, now) as WatchRow[];
    if (standing.length >= WATCHES_PER_PHONE)
      throw tooManyRequests('too_many_watches', standing[0].expires_at - now, { limit: WATCHES_PER_PHONE });
    // The first watch ever starts the cursor: changes from before it are nobody's news.
    if (cursor.get() === null) moveCursor.run(log.latest());
    const id = crypto.randomUUID();
    insert.run({
      id,
      phone,
      category: wanted.category,
      contains: wanted.contains,
      ends_with: wanted.endsWith,
      mask: wanted.mask,
      date: wanted.date,
      lang,
      created_at: now,
      expires_at: now + WATCH_DAYS * DAY_MS,
    });
    return byId.get(id) as WatchRow;
  });

  /**
   * Matches the next changes of the log against the watches, in one write transaction; returns the
   * SMS to send, at most `room` (what the hour's SMS total leaves them). Once the room is spent the
   * cursor stops before the change at hand, so its other watchers and the changes after it wait in
   * the log for the next look with room; a phone told already is not told twice (its day's SMS is
   * claimed), so waiting loses nothing and repeats nothing.
   */
  const matchInStore = writeTransaction(db, (now: number, room: number): Alert[] => {
    const from = cursor.get() as number | null;
    if (from === null) {
      moveCursor.run(log.latest());
      return [];
    }
    if (room <= 0) return [];
    const rows = log.after(from, BATCH);
    if (rows.length === 0) return [];
    const alerts: Alert[] = [];
    const watches = freshIndex(now);
    let matched = from;
    for (const change of rows) {
      const number = numberByMsisdn.get(change.msisdn) as NumberRow | undefined;
      if (number && numberStatus(number, now) === 'free') {
        for (const watch of watches.match(number.msisdn, number.category)) {
          if (alerts.length >= room) {
            moveCursor.run(matched);
            return alerts;
          }
          const claimed = claim.get({ id: watch.id, now }) as { phone: string; lang: Language } | undefined;
          if (!claimed) continue;
          recordAlert.run(watch.id, number.msisdn, now);
          alerts.push({ phone: claimed.phone, lang: claimed.lang, msisdn: number.msisdn });
        }
      }
      matched = change.id;
    }
    moveCursor.run(matched);
    return alerts;
  });

  function send(alert: Alert): void {
    const link = `${siteUrl}${href('numbers', alert.lang, {}, { endsWith: alert.msisdn.slice(-7) })}`;
    const watches = `${siteUrl}${href('numbers', alert.lang)}#my-watches`;
    const text = translate(alert.lang, 'watch.sms', { number: formatUzPhone(alert.msisdn), link, watches });
    ctx.smsSent('watch');
    // No SMS gateway in the reference API: the message goes to the log, as the codes do, never in production.
    if (!ctx.production) ctx.log(`SMS to ${alert.phone}: ${text}`);
  }

  /**
   * One look: the lapsed holds logged, the new changes matched, their SMS counted in the hour's SMS
   * total (outside its reserve, which is the code requests') and sent.
   */
  async function tick(): Promise<void> {
    log.logLapses();
    freeByTheClock();
    const from = cursor.get() as number | null;
    if (from !== null && from >= log.bounds().latest) return;
    const alerts = matchInStore(ctx.now(), from === null ? 0 : await ctx.limits.smsWatchRoom());
    await ctx.limits.smsWatchSent(alerts.length);
    for (const alert of alerts) send(alert);
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    create: (phone: string, lang: Language, input: z.output<typeof WatchBody>): Watch => view(createInStore(phone, lang, criteria(input))),
    list: (phone: string): Watch[] => (active.all(phone, ctx.now()) as WatchRow[]).map(view),
    remove(phone: string, id: string): void {
      const row = byId.get(id) as WatchRow | undefined;
      // Another phone's watch is as absent as one that never was.
      if (!row || row.phone !== phone || row.removed_at !== null || row.expires_at <= ctx.now()) throw notFound('watch_not_found');
      remove.run(ctx.now(), id);
    },
    tick,
    /** Looks every WATCH_TICK_MS until stopped; the timer never keeps the process alive. */
    start(): void {
      // One look at a time: a slow look is not overtaken by the next one.
      let looking = false;
      timer ??= setInterval(() => {
        if (looking) return;
        looking = true;
        tick()
          .catch((error: unknown) => ctx.logError('Watches: matching freed numbers failed', error))
          .finally(() => (looking = false));
      }, WATCH_TICK_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;
