import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Order,
  OrderStatusResponse,
  PaymentProvider,
  StartPaymentResponse,
} from '../../shared/api-types';
import { apiClient } from './api-client';
import { credentialHeaders } from './credentials';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiClient().get<Order>(orderPath(id), credentialHeaders('order', 'auth'));
  return data;
}

/** Places the order for the held number: the order and the access token that reads it. */
export async function createOrder(body: CreateOrderRequest): Promise<CreateOrderResponse> {
  const { data } = await apiClient().post<CreateOrderResponse>('/orders', body, credentialHeaders('reservation', 'auth'));
  return data;
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
