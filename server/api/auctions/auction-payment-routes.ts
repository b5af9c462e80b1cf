import type { Router } from 'express';
import { StartPaymentBody } from '../../../shared/contract';
import type { ApiContext } from '../context';
import { badRequest, unauthorized } from '../http/api-error';
import { body } from '../http/input';
import { requireToken } from '../http/request-tokens';
import { DEFAULT_RETURN_PATH, siteReturnPath } from '../payments/payment-routes';
import type { AuctionPayments } from './auction-payments';

/**
 * Buying now and paying a deposit (auction-payments.ts): each starts a sandbox payment, as an
 * order's payment does, with the same body. Asking again while one is pending answers that same
 * one, never a second.
 */
export function registerAuctionPayments(router: Router, ctx: ApiContext, payments: AuctionPayments): void {
  for (const [path, start] of [
    ['buy-now', payments.startBuyNow],
    ['deposit', payments.startDeposit],
  ] as const) {
    router.post(`/auctions/:id/${path}`, async (req, res) => {
      const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
      const fields = body(req, StartPaymentBody);
      const returnPath = siteReturnPath(fields.returnPath ?? DEFAULT_RETURN_PATH);
      if (returnPath === null) throw badRequest('invalid_field', 'returnPath');
      // Choosing buy-now or a deposit is the bidder's own request like a bid: the same per-phone limit.
      await ctx.limits.bid(phone);
      res.status(201).json(start(req.params.id, phone, fields.provider, returnPath, req.baseUrl).payment);
    });
  }
}
