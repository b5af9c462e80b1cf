/** @jest-environment @happy-dom/jest-environment */
import type { Order, OrderStatusResponse } from '../../../shared/api-types';

// The API's order routes stand in for the network: the flow reads what the server says.
jest.mock('../../api/orders', () => ({ checkOrderStatus: jest.fn(), fetchOrder: jest.fn() }));

// Imported after the mock is in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { checkOrderStatus, fetchOrder } = require('../../api/orders') as typeof import('../../api/orders');
const { decidePayment } = require('./use-payment-flow') as typeof import('./use-payment-flow');
/* eslint-enable @typescript-eslint/no-require-imports */

const order = { id: 'ord-1', status: 'created' } as Order;
const status = (payment: OrderStatusResponse['payment']): OrderStatusResponse => ({
  orderId: 'ord-1',
  status: 'created',
  result: 'not_paid',
  payment,
  number: '+998771234567',
  formatted: '+998 77 123 45 67',
  message: 'Your number has not been activated. Please double check the payment!',
  activatedAt: null,
});

describe('the payment step back from the provider, or asked again', () => {
  beforeEach(() => jest.mocked(fetchOrder).mockResolvedValue(order));

  it.each([
    ['declined', 'declined'],
    ['pending', 'pending'],
    ['none', 'none'],
    ['refunded', 'pending'],
  ] as const)('takes the server’s word on the payment: %s is %s on the page, whatever the URL says', async (payment, shown) => {
    jest.mocked(checkOrderStatus).mockResolvedValue(status(payment));
    // The return URL's own `payment=` is the provider's redirect, which anyone can type: it decides nothing.
    const flow = await decidePayment(new URL('https://oq.example/en/payment?order=ord-1&payment=approved'));
    expect(flow).toEqual({ mode: 'order', order, payment: shown });
  });
});
