import type { Request, Response } from 'express';
import type { AuctionLot } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { unauthorized } from '../http/api-error';
import { clientKey, siteKey } from '../http/limits';
import { optionalToken } from '../http/request-tokens';
import { HEARTBEAT_MS, lastEventId, SSE_HEARTBEAT, sseEvent as event, startEventStream, writeEvents as write } from '../http/event-stream';
import type { AuctionService, BidRow, LotRow } from './auction-service';
import type { BidFeed, FeedBid } from './bid-feed';
import { lateBidEnd } from './bid-rules';

/** How often open lot streams look whether their lot's end has passed. */
const END_CHECK_MS = 1_000;

interface Stream {
  res: Response;
  /** null: the stream of every lot's bids (the auction list). */
  lotId: string | null;
  phone: string | null;
  /** The id of the last bid this stream has passed on: its `id:` and where a resume starts. */
  lastId: number;
  endsAt: number;
  finish(): void;
}

export interface LotStreams {
  /**
   * Answers GET /auctions/{id}/events (a lot, with the stream token of its query if any) or GET
   * /auctions/events (lotId null: every lot), their queries checked (server/api/writes.ts).
   */
  serve(req: Request, res: Response, lotId: string | null, token: string | undefined): Promise<void>;
  /** Ends every open stream, and any opened later (shutdown): browsers reconnect to another server. */
  endAll(): void;
}

const toRow = (bid: FeedBid): BidRow => ({
  id: bid.id,
  lot_id: bid.lotId,
  phone: bid.phone,
  amount: bid.amount,
  created_at: bid.createdAt,
  automatic: bid.automatic,
});

export function createLotStreams(ctx: ApiContext, auctions: AuctionService, feed: BidFeed): LotStreams {
  const streams = new Set<Stream>();
  let timer: NodeJS.Timeout | null = null;
  let ticks = 0;
  // A buy-now paid (auction-payments.ts) ends its lot with no bid: one look per tick finds the lots sold since the last.
  const soldSince = ctx.db.prepare('SELECT id FROM auction_lots WHERE sold_at >= ?').pluck();
  let salesFrom = ctx.now();
  let draining = false;

  // One bid reaches every stream of its lot in the same tick: the lot and its anonymous view are
  // read once per bid, and only streams with an owner read their own position on top.
  let shared: { bidId: number; lot: LotRow; view: AuctionLot } | null = null;
  function lotAfter(bidId: number, lotId: string): { lot: LotRow; view: AuctionLot } {
    if (shared?.bidId !== bidId || shared.lot.id !== lotId) {
      const lot = auctions.find(lotId);
      shared = { bidId, lot, view: auctions.view(lot, null) };
      // Good for the deliveries of this tick only: a later reader sees the clock move on.
      queueMicrotask(() => (shared = null));
    }
    return shared;
  }

  /** The lot as a stream's owner sees it: their own position only through their own token. */
  const lotFor = (lot: LotRow, phone: string | null, anonymous?: AuctionLot): AuctionLot =>
    phone === null && anonymous ? anonymous : auctions.view(lot, phone);

  function endIfOver(stream: Stream, lot: LotRow): boolean {
    const state = auctions.status(lot, ctx.now());
    if (state !== 'ended' && state !== 'sold') return false;
    write(stream.res, event(stream.lastId, state, { lot: lotFor(lot, stream.phone) }));
    stream.finish();
    return true;
  }

  function tick(): void {
    ticks += 1;
    const heartbeat = ticks % (HEARTBEAT_MS / END_CHECK_MS) === 0;
    const now = ctx.now();
    const sold = new Set(soldSince.all(salesFrom) as string[]);
    // A few seconds back: another worker's clock may lag this one's; a stream already ended is gone from the set.
    salesFrom = now - 10_000;
    for (const stream of streams) {
      if (stream.lotId !== null && (now >= stream.endsAt || sold.has(stream.lotId))) {
        // The end may have moved on another worker a moment ago: the store decides.
        const lot = auctions.find(stream.lotId);
        if (endIfOver(stream, lot)) continue;
      }
      if (heartbeat) write(stream.res, SSE_HEARTBEAT);
    }
  }

  function track(stream: Stream): void {
    streams.add(stream);
    timer ??= setInterval(() => {
      try {
        tick();
      } catch (error) {
        ctx.logError('Auction streams: end check failed', error);
      }
    }, END_CHECK_MS);
  }

  function untrack(stream: Stream): void {
    streams.delete(stream);
    if (streams.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      ticks = 0;
    }
  }

  /** A bid for one stream: the bid, the lot after it, its extension and the end it may have brought. */
  function passOn(stream: Stream, bid: BidRow, extendedBy: boolean): void {
    stream.lastId = bid.id;
    const { lot, view: anonymous } = lotAfter(bid.id, bid.lot_id);
    const view = lotFor(lot, stream.phone, anonymous);
    // The list shows prices only; the bidder (masked) is for the lot's own page.
    const payload =
      stream.lotId === null ? { lotId: lot.id, lot: view } : { lotId: lot.id, bid: auctions.bidView(bid, stream.phone), lot: view };
    let text = event(bid.id, 'bid', payload);
    if (extendedBy) text += event(bid.id, 'extended', { lotId: lot.id, endsAt: view.endsAt, serverTime: view.serverTime });
    write(stream.res, text);
    stream.endsAt = lot.ends_at;
    if (stream.lotId !== null) endIfOver(stream, lot);
  }

  /** The phone whose position the stream may show: a stream token for this lot, or an auth token in a header. */
  async function ownerOf(req: Request, lotId: string | null, token: string | undefined): Promise<string | null> {
    if (token === undefined) return (await optionalToken(ctx, req, 'auth'))?.sub ?? null;
    const result = await ctx.tokens.verify(token);
    if (!result.ok) throw unauthorized(result.reason === 'expired' ? 'token_expired' : 'token_invalid');
    if (result.claims.kind !== 'stream' || result.claims.num !== (lotId ?? undefined)) throw unauthorized('token_invalid');
    return result.claims.sub;
  }

  /** The id a reconnecting browser sends; one from another store (beyond every bid) starts afresh. */
  function resumeFrom(req: Request): number | null {
    const id = lastEventId(req.get('last-event-id'));
    return id !== null && id <= auctions.lastBidId(null) ? id : null;
  }

  return {
    async serve(req, res, lotId, token) {
      // Every lot's stream shows no one their own position, so its query takes no token.
      // Read while the connection is there: a socket that closed has no address left.
      const client = clientKey(req.ip);
      // Everything that can refuse the stream does so before the first byte: a JSON error, never a broken stream.
      if (lotId !== null) auctions.find(lotId);
      const phone = await ownerOf(req, lotId, token);
      // A browser that left while its token was checked has no close event left to release its stream.
      if (req.socket.destroyed) return;
      // Read after the wait, so a bid that extended the lot meanwhile is in its end.
      const lot = lotId === null ? null : auctions.find(lotId);
      const resume = resumeFrom(req);
      const release = ctx.limits.openStream(client, siteKey(req.ip));

      let text = startEventStream(res);

      const stream: Stream = {
        res,
        lotId,
        phone,
        lastId: 0,
        endsAt: lot?.ends_at ?? Infinity,
        finish() {
          if (!res.writableEnded) res.end();
        },
      };
      let unsubscribe = () => {};
      res.on('close', () => {
        unsubscribe();
        release();
        untrack(stream);
      });
      if (draining) {
        write(res, text);
        stream.finish();
        return;
      }
      // Listen first, then read: a bid committed in between arrives twice, never not at all; ids weed out the repeat.
      unsubscribe = feed.subscribe(lotId, (bid) => {
        if (bid.id <= stream.lastId || res.writableEnded) return;
        try {
          const { lot: current } = lotAfter(bid.id, bid.lotId);
          passOn(stream, toRow(bid), stream.lotId !== null && current.ends_at > stream.endsAt);
        } catch (error) {
          ctx.logError('Auction streams: a bid could not be passed on', error);
        }
      });

      if (resume === null) {
        stream.lastId = auctions.lastBidId(lotId);
        const snapshot = lot ? auctions.detail(lot.id, phone) : { items: auctions.list('active', null) };
        text += event(stream.lastId, 'snapshot', snapshot);
        write(res, text);
      } else {
        // Exactly the bids after the browser's last event, then live ones: no gap, no repeat.
        stream.lastId = resume;
        write(res, text);
        let extendedShown = false;
        for (const missed of auctions.bidsSince(lotId, resume)) {
          const { lot: current } = lotAfter(missed.id, missed.lot_id);
          // The bid that set the lot's present end is the one that extended it (the first to reach it, once the cap is reached).
          const extendedBy: boolean = lotId !== null && !extendedShown && lateBidEnd(current, missed.created_at, ctx) === current.ends_at;
          extendedShown ||= extendedBy;
          passOn(stream, missed, extendedBy);
          if (res.writableEnded) return;
        }
      }
      if (lot && endIfOver(stream, auctions.find(lot.id))) return;
      track(stream);
    },

    endAll() {
      draining = true;
      for (const stream of [...streams]) stream.finish();
    },
  };
}
