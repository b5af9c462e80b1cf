import type { ReadHandlers } from '../read-handler';
import type { AuctionService } from './auction-service';

/**
 * The auctions' public reads (shared/reads.ts): the lots as anyone sees them, or, for the phone of
 * the caller's auth token, with the bidder's own position and maximum.
 */
export function createAuctionReads(auctions: AuctionService): ReadHandlers<'auctions' | 'auction'> {
  return {
    auctions: ({ query, phone }) => ({ items: auctions.list(query.status ?? null, phone) }),
    auction: ({ param, phone }) => auctions.detail(param, phone, phone !== null),
  };
}
