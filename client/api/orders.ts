import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Order,
  OrderStatusResponse,
  PaymentProvider,
  StartPaymentResponse,
} from '../../shared/api-types';
import { apiClient } from '../api-client';
import { clearReservation, saveOrderAccess } from '../features/purchase/token-store';
import { credentialHeaders } from './credentials';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiClient().get<Order>(orderPath(id), credentialHeaders('order', 'auth'));
  return data;
}

/**
 * Places the order for the held number. From then on the order holds the number until its
 * payment deadline, so the booking token is done: its countdown must not claim an expiry while
 * the payment is pending (DOMAIN.md).
 */
export async function createOrder(body: CreateOrderRequest): Promise<Order> {
  const { data } = await apiClient().post<CreateOrderResponse>('/orders', body, credentialHeaders('reservation', 'auth'));
  saveOrderAccess(data.accessToken);
  clearReservation();
  return data.order;
}

export async function startPayment(orderId: string, provider: PaymentProvider, returnPath: string): Promise<StartPaymentResponse> {
  const { data } = await apiClient().post<StartPaymentResponse>(
    `${orderPath(orderId)}/payments`,
    { provider, returnPath },
    credentialHeaders('order', 'auth'),
  );
  return data;
}

/** "I've already paid": the server's word, never the return URL's. */
export async function checkOrderStatus(orderId: string): Promise<OrderStatusResponse> {
  const { data } = await apiClient().get<OrderStatusResponse>(`${orderPath(orderId)}/status`, credentialHeaders('order', 'auth'));
  return data;
}
