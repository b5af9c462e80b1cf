import type { Router } from 'express';
import { sameOriginPath } from '../../../shared/paths';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { StartPaymentBody } from '../../../shared/contract';
import { body } from '../http/input';
import { authorizedOrder } from '../orders/order-access';
import type { OrderService } from '../orders/order-service';
import type { PaymentService } from './payment-service';

export const DEFAULT_RETURN_PATH = '/payment';

/**
 * Where the sandbox page may send the visitor back: a path on the site itself, checked after the
 * same normalisation every redirect gets (runs of slashes and backslashes collapsed), so
 * `/ru//evil.example` is stored as `/ru/evil.example` and `//evil.example` cannot be stored at all.
 */
export function siteReturnPath(path: string): string | null {
  // One that begins as another host would (`//x`, `/\\x`, `\\x`) is refused outright: nobody sends that in good faith.
  if (!/^\/(?![/\\])/.test(path)) return null;
  const normalised = sameOriginPath(path);
  return normalised !== null && normalised.length <= 300 ? normalised : null;
}

export function registerPayments(router: Router, ctx: ApiContext, orders: OrderService, payments: PaymentService): void {
  router.post('/orders/:id/payments', async (req, res) => {
    const order = await authorizedOrder(ctx, req, orders, req.params.id);
    const fields = body(req, StartPaymentBody);
    const provider = fields.provider;
    const returnPath = siteReturnPath(fields.returnPath ?? DEFAULT_RETURN_PATH);
    if (returnPath === null) throw badRequest('invalid_field', 'returnPath');
    res.status(201).json(payments.start(order, provider, returnPath, req.baseUrl));
  });
}
