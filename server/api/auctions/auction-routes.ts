import type { Router } from 'express';
import type { ApiContext } from '../context';
import { conflict, forbidden, unauthorized } from '../http/api-error';
import { MaxBidBody, NoBody, PlaceBidBody } from '../../../shared/contract';
import { body } from '../http/input';
import { clientKey, networkKey } from '../http/limits';
import { optionalToken, requireToken } from '../http/request-tokens';
import type { ReservationService } from '../reservations/reservation-service';
import type { AuctionService } from './auction-service';
import type { LotStreams } from './lot-events';

/**
 * How long a stream token opens a lot's stream for its owner. It travels in the stream's URL
 * (EventSource sends no headers), so it is narrower than the auth token it comes from: one lot,
 * read-only (it shows the owner's own position and nothing else), and a few hours, enough for a
 * browser's automatic reconnects during one sitting.
 */
export const STREAM_TOKEN_MS = 6 * 60 * 60_000;

export function registerAuctions(
  router: Router,
  ctx: ApiContext,
  auctions: AuctionService,
  reservations: ReservationService,
  streams: LotStreams,
): void {
  // Before /auctions/:id, which would read "events" as a lot id.
  router.get('/auctions/events', (req, res) => streams.serve(req, res, null));
  router.get('/auctions/:id/events', (req, res) => streams.serve(req, res, req.params.id));

  router.post('/auctions/:id/stream-token', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    body(req, NoBody);
    const lot = auctions.find(req.params.id);
    const expiresAt = ctx.now() + STREAM_TOKEN_MS;
    res.status(201).json({
      streamToken: await ctx.tokens.sign({ kind: 'stream', sub: phone, expiresAtMs: expiresAt, num: lot.id }),
      expiresAt: new Date(expiresAt).toISOString(),
    });
  });

  router.post('/auctions/:id/bids', async (req, res) => {
    // Bids need a phone confirmed by SMS: the auth token carries it.
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    const { amount } = body(req, PlaceBidBody);
    await ctx.limits.bid(phone);
    res.status(201).json(auctions.placeBid(req.params.id, phone, amount));
  });

  // A maximum is the bidder's own request like a bid: the same token, the same per-phone limit
  // (the automatic bids it places later are not the bidder's requests and count nothing).
  router.post('/auctions/:id/max-bid', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    const { maxAmount } = body(req, MaxBidBody);
    await ctx.limits.bid(phone);
    res.json(auctions.setMaxBid(req.params.id, phone, maxAmount));
  });

  router.delete('/auctions/:id/max-bid', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    await ctx.limits.bid(phone);
    res.json(auctions.removeMaxBid(req.params.id, phone));
  });

  /**
   * The bidder whose turn it is reserves the number at their winning price until their window
   * ends; whoever bought it now, at no further price, for a premium window each time they ask.
   */
  router.post('/auctions/:id/reservation', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    const held = await optionalToken(ctx, req, 'reservation');
    body(req, NoBody);
    const lot = auctions.find(req.params.id);
    const now = ctx.now();
    const state = auctions.status(lot, now);
    // Bought now (rule 1): the number is paid; its buyer reserves it to choose a tariff and SIM, at no further price.
    const boughtNow = state === 'sold' && lot.sold_to === phone && auctions.payments.latestOf(lot, phone, 'buy_now')?.status === 'paid';
    if (state === 'sold' && !boughtNow) throw conflict('auction_ended');
    if (state !== 'ended' && !boughtNow) throw conflict('auction_not_ended');
    const turn = boughtNow ? { phone, amount: 0, until: now + ctx.paymentWindowPremiumMs } : auctions.turnToBuy(lot, now);
    if (!turn || turn.phone !== phone) throw forbidden('not_auction_winner');
    res
      .status(201)
      .json(
        await reservations.reserve(
          lot.msisdn,
          held,
          { client: clientKey(req.ip), network: networkKey(req.ip), phone },
          { lotId: lot.id, price: turn.amount, until: turn.until },
        ),
      );
  });
}
