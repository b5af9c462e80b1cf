import type { Router } from 'express';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { body, enumValue, optionalString, requireField } from '../http/input';
import { authorizedOrder } from '../orders/order-access';
import type { OrderService } from '../orders/order-service';
import type { PaymentService } from './payment-service';

const PROVIDERS = ['payme', 'click', 'uzum', 'card'] as const;
export const DEFAULT_RETURN_PATH = '/payment';

/**
 * Where the sandbox page may send the visitor back: a path on the site itself. One leading '/',
 * never '//' or '/\' (which browsers read as another host), no control characters or spaces.
 */
export function isSiteReturnPath(path: string): boolean {
  return path.length <= 300 && /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(path);
}

export function registerPayments(router: Router, ctx: ApiContext, orders: OrderService, payments: PaymentService): void {
  router.post('/orders/:id/payments', (req, res) => {
    const order = authorizedOrder(ctx, req, orders, req.params.id);
    const fields = body(req, ['provider', 'returnPath']);
    const provider = enumValue(requireField(fields, 'provider'), PROVIDERS, 'provider');
    const returnPath = optionalString(fields, 'returnPath', 300) ?? DEFAULT_RETURN_PATH;
    if (!isSiteReturnPath(returnPath)) throw badRequest('invalid_field', 'returnPath');
    res.status(201).json(payments.start(order, provider, returnPath, req.baseUrl));
  });
}
