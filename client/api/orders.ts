import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Order,
  OrderStatusResponse,
  PaymentProvider,
  StartPaymentResponse,
} from '../../shared/api-types';
import { send } from './writer';

export function fetchOrder(id: string): Promise<Order> {
  return send('getOrder', { param: id });
}

/** Places the order for the held number: the order and the access token that reads it. */
export function createOrder(body: CreateOrderRequest): Promise<CreateOrderResponse> {
  return send('createOrder', { body });
}

export function startPayment(orderId: string, provider: PaymentProvider, returnPath: string): Promise<StartPaymentResponse> {
  return send('startPayment', { param: orderId, body: { provider, returnPath } });
}

/** "I've already paid": the server's word, never the return URL's. */
export function checkOrderStatus(orderId: string): Promise<OrderStatusResponse> {
  return send('getOrderStatus', { param: orderId });
}
