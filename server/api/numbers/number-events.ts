import type { Request, Response } from 'express';
import { createHolderIds } from '../reservations/booking-id';
import type { ApiContext } from '../context';
import { HEARTBEAT_MS, lastEventId, SSE_HEARTBEAT, sseEvent, startEventStream, writeEvents } from '../http/event-stream';
import { clientKey, siteKey } from '../http/limits';
import type { NumberChangeLog, NumberFeed } from './number-changes';
import { numberStatus, type NumberRow } from './number-store';

export interface NumberStreams {
  /** Answers GET /numbers/events: the status of the numbers a results page shows (its query, checked: server/api/writes.ts), live. */
  serve(req: Request, res: Response, numbers: string[]): Promise<void>;
  /** Ends every open stream, and any opened later (shutdown): browsers reconnect to another server. */
  endAll(): void;
}

/**
 * The availability streams. A results page names the numbers it shows; its stream sends their
 * present statuses (`snapshot`), then a `status` event whenever one of them changes anywhere
 * (reserved, ordered, sold, released, lapsed), within the feed's poll. Every event's `id:` is the
 * change's place in the store's log, so a browser that reconnects with `Last-Event-ID` gets each
 * number changed meanwhile once, at its present status, and nothing twice.
 */
export function createNumberStreams(ctx: ApiContext, feed: NumberFeed, log: NumberChangeLog): NumberStreams {
  const byMsisdn = ctx.db.prepare('SELECT * FROM numbers WHERE msisdn = ?');
  const holderOf = createHolderIds(ctx);
  /** A number's event: its status now, and the booking that holds it (by its public id), so a page knows its own. */
  const eventOf = (row: NumberRow, now: number) => {
    const status = numberStatus(row, now);
    return { number: row.msisdn, status, bookingId: status === 'reserved' ? holderOf(row) : null };
  };
  type NumberEvent = ReturnType<typeof eventOf>;
  const open = new Set<Response>();
  let heartbeat: NodeJS.Timeout | null = null;
  let draining = false;

  // One change reaches every stream that shows its number: the number is read once per change.
  let shared: { id: number; event: NumberEvent | null } | null = null;
  function eventAfter(id: number, msisdn: string): NumberEvent | null {
    if (shared?.id !== id) {
      const row = byMsisdn.get(msisdn) as NumberRow | undefined;
      shared = { id, event: row ? eventOf(row, ctx.now()) : null };
      queueMicrotask(() => (shared = null));
    }
    return shared.event;
  }

  function track(res: Response): void {
    open.add(res);
    heartbeat ??= setInterval(() => {
      for (const stream of open) writeEvents(stream, SSE_HEARTBEAT);
    }, HEARTBEAT_MS);
  }

  function untrack(res: Response): void {
    open.delete(res);
    if (open.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  return {
    async serve(req, res, numbers) {
      const client = clientKey(req.ip);
      // The one refusal left (too many streams) is a JSON error before the first byte, never a broken stream.
      const release = ctx.limits.openStream(client, siteKey(req.ip));
      const bounds = log.bounds();
      const since = lastEventId(req.get('last-event-id'));
      // An id from another store (beyond the log) or from before what the log keeps starts afresh.
      const resume = since !== null && since <= bounds.latest && since >= bounds.oldest - 1 ? since : null;
      let text = startEventStream(res);
      let lastId = resume ?? bounds.latest;
      const unsubscribes: Array<() => void> = [];
      res.on('close', () => {
        for (const unsubscribe of unsubscribes) unsubscribe();
        release();
        untrack(res);
      });
      if (draining) {
        writeEvents(res, text);
        res.end();
        return;
      }
      // Listen first, then read: a change committed in between arrives twice, never not at all; ids weed out the repeat.
      const listener = (change: { id: number; msisdn: string }) => {
        if (change.id <= lastId || res.writableEnded) return;
        lastId = change.id;
        const event = eventAfter(change.id, change.msisdn);
        if (event) writeEvents(res, sseEvent(change.id, 'status', event));
      };
      for (const number of numbers) unsubscribes.push(feed.subscribe(number, listener));

      const now = ctx.now();
      if (resume === null) {
        const rows = numbers.map((number) => byMsisdn.get(number) as NumberRow | undefined);
        const items = rows.flatMap((row) => (row ? [eventOf(row, now)] : []));
        text += sseEvent(lastId, 'snapshot', { items });
      } else {
        // The numbers changed while the browser was away, each once at its present status.
        for (const change of log.changedSince(resume, numbers)) {
          const row = byMsisdn.get(change.msisdn) as NumberRow | undefined;
          if (change.id > lastId) lastId = change.id;
          if (row) text += sseEvent(change.id, 'status', eventOf(row, now));
        }
      }
      writeEvents(res, text);
      track(res);
    },

    endAll() {
      draining = true;
      for (const res of [...open]) if (!res.writableEnded) res.end();
    },
  };
}
