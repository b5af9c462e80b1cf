import type { OrderStatusResponse } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { forbidden } from '../http/api-error';
import { translate } from '../http/language';
import type { IdentificationService } from '../identification/identification-service';
import type { WriteHandlers } from '../write-handler';
import { authorizedOrder } from './order-access';
import { createOrderCancel } from './order-cancel';
import { orderInputOf } from './order-input';
import type { OrderService } from './order-service';

/** Orders and their status (shared/writes/purchase.ts); their payment is payments/payment-routes.ts. */
export function createOrderWrites(
  ctx: ApiContext,
  orders: OrderService,
  identifications: IdentificationService,
): WriteHandlers<'createOrder' | 'getOrder' | 'getOrderStatus' | 'cancelOrder'> {
  const cancels = createOrderCancel(ctx, orders);
  return {
    // The order needs a held number first, then a registered phone (the auth's order): the site says which is missing.
    createOrder: {
      before: ({ tokens }) => {
        if (!identifications.isRegistered(tokens.auth.sub)) throw forbidden('registration_required');
        return ({ tokens: { reservation, auth }, body, lang }) => {
          const person = identifications.personOf(auth.sub);
          return orders.create(reservation, { phone: auth.sub, person }, orderInputOf(body), lang);
        };
      },
    },
    getOrder: {
      before: ({ tokens, param }) => {
        const row = authorizedOrder(orders, tokens, param);
        return ({ lang }) => orders.view(row, lang);
      },
    },
    /** "I've already paid": the server's word on whether the number is active, and whether its payment was declined or is pending. */
    getOrderStatus: {
      before: ({ tokens, param }) => {
        const row = authorizedOrder(orders, tokens, param);
        return ({ lang }): OrderStatusResponse => {
          const order = orders.view(row, lang);
          const result =
            row.status === 'activated' || row.status === 'paid' ? 'activated' : row.status === 'expired' ? 'expired' : 'not_paid';
          const messageKey = { activated: 'order.activated', not_paid: 'order.notActivated', expired: 'order.expired' }[result];
          return {
            orderId: row.id,
            status: row.status,
            result,
            payment: orders.paymentOf(row),
            number: order.number,
            formatted: order.formatted,
            message: translate(lang, messageKey),
            activatedAt: order.activatedAt,
          };
        };
      },
    },
    /** The phone ends its own order awaiting payment: the number is free at once (order-cancel.ts). */
    cancelOrder: ({ tokens, param, lang }) => cancels.cancel(tokens, param, lang),
  };
}
