import { DEFAULT_RETURN_PATH } from '../../../shared/contract';
import type { WriteHandlers } from '../write-handler';
import type { AuctionPayments } from './auction-payments';

/**
 * Buying now and paying a deposit (auction-payments.ts): each starts a sandbox payment, as an
 * order's payment does, with the same body (its returnPath checked and normalised by its schema).
 * Asking again while one is pending answers that same one, never a second. Choosing buy-now or a
 * deposit is the bidder's own request like a bid: the same per-phone limit (shared/writes/auctions.ts).
 */
export function createAuctionPaymentWrites(payments: AuctionPayments): WriteHandlers<'buyNow' | 'payDeposit'> {
  return {
    buyNow: ({ param, tokens, body, req }) =>
      payments.startBuyNow(param, tokens.auth.sub, body.provider, body.returnPath ?? DEFAULT_RETURN_PATH, req.baseUrl).payment,
    payDeposit: ({ param, tokens, body, req }) =>
      payments.startDeposit(param, tokens.auth.sub, body.provider, body.returnPath ?? DEFAULT_RETURN_PATH, req.baseUrl).payment,
  };
}
