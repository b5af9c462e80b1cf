import type { ApiContext } from '../context';
import { conflict, forbidden } from '../http/api-error';
import { clientKey, networkKey } from '../http/limits';
import type { ReservationService } from '../reservations/reservation-service';
import type { WriteHandlers } from '../write-handler';
import type { AuctionService } from './auction-service';
import type { LotStreams } from './lot-events';

/**
 * How long a stream token opens a lot's stream for its owner. It travels in the stream's URL
 * (EventSource sends no headers), so it is narrower than the auth token it comes from: one lot,
 * read-only (it shows the owner's own position and nothing else), and a few hours, enough for a
 * browser's automatic reconnects during one sitting.
 */
export const STREAM_TOKEN_MS = 6 * 60 * 60_000;

/** The lots' live streams, bids, maximums and the winner's reservation (shared/writes/auctions.ts). */
export function createAuctionWrites(
  ctx: ApiContext,
  auctions: AuctionService,
  reservations: ReservationService,
  streams: LotStreams,
): WriteHandlers<'streamAllLots' | 'streamLot' | 'createStreamToken' | 'placeBid' | 'setMaxBid' | 'removeMaxBid' | 'reserveWonLot'> {
  return {
    streamAllLots: ({ req, res }) => streams.serve(req, res, null, undefined),
    streamLot: ({ req, res, param, query }) => streams.serve(req, res, param, query.token),

    createStreamToken: async ({ param, tokens }) => {
      const lot = auctions.find(param);
      const expiresAt = ctx.now() + STREAM_TOKEN_MS;
      return {
        streamToken: await ctx.tokens.sign({ kind: 'stream', sub: tokens.auth.sub, expiresAtMs: expiresAt, num: lot.id }),
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    // Bids need a phone confirmed by SMS: the auth token carries it.
    placeBid: ({ param, tokens, body }) => auctions.placeBid(param, tokens.auth.sub, body.amount),
    // A maximum is the bidder's own request like a bid: the same token, the same per-phone limit
    // (the automatic bids it places later are not the bidder's requests and count nothing).
    setMaxBid: ({ param, tokens, body }) => auctions.setMaxBid(param, tokens.auth.sub, body.maxAmount),
    removeMaxBid: ({ param, tokens }) => auctions.removeMaxBid(param, tokens.auth.sub),

    /**
     * The bidder whose turn it is reserves the number at their winning price until their window
     * ends; whoever bought it now, at no further price, for a premium window each time they ask.
     */
    reserveWonLot: ({ param, tokens, req }) => {
      const phone = tokens.auth.sub;
      const lot = auctions.find(param);
      const now = ctx.now();
      const state = auctions.status(lot, now);
      // Bought now (rule 1): the number is paid; its buyer reserves it to choose a tariff and SIM, at no further price.
      const boughtNow = state === 'sold' && lot.sold_to === phone && auctions.payments.latestOf(lot, phone, 'buy_now')?.status === 'paid';
      if (state === 'sold' && !boughtNow) throw conflict('auction_ended');
      if (state !== 'ended' && !boughtNow) throw conflict('auction_not_ended');
      const turn = boughtNow ? { phone, amount: 0, until: now + ctx.paymentWindowPremiumMs } : auctions.turnToBuy(lot, now);
      if (!turn || turn.phone !== phone) throw forbidden('not_auction_winner');
      return reservations.reserve(
        lot.msisdn,
        tokens.reservation,
        { client: clientKey(req.ip), network: networkKey(req.ip), phone },
        { lotId: lot.id, price: turn.amount, until: turn.until },
      );
    },
  };
}
