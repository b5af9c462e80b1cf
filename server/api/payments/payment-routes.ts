import { DEFAULT_RETURN_PATH } from '../../../shared/contract';
import { authorizedOrder } from '../orders/order-access';
import type { OrderService } from '../orders/order-service';
import type { WriteHandlers } from '../write-handler';
import type { PaymentService } from './payment-service';

/** An order's payment (shared/writes/purchase.ts): the order and the caller's right to it are checked before the body. */
export function createPaymentWrites(orders: OrderService, payments: PaymentService): WriteHandlers<'startPayment'> {
  return {
    startPayment: {
      before: ({ tokens, param }) => {
        const order = authorizedOrder(orders, tokens, param);
        // The body's returnPath is checked and normalised by its schema (shared/contract/payments.ts).
        return ({ body, req }) => payments.start(order, body.provider, body.returnPath ?? DEFAULT_RETURN_PATH, req.baseUrl);
      },
    },
  };
}
