import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Identification,
  Order,
  OrderStatusResponse,
  PaymentProvider,
  Reservation,
  StartPaymentResponse,
} from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { apiClient } from '../../api-client';
import { clearReservation, readAuth, readOrderAccess, readReservation, saveOrderAccess } from '../../features/purchase/token-store';

/**
 * The shared client sends one Bearer token (the last valid one); the order needs several, so
 * each request names the ones it needs in their own headers (docs/api.md, Tokens).
 */
function tokenHeaders(...kinds: Array<'reservation' | 'auth' | 'order'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const reservation = readReservation();
  const auth = readAuth();
  const order = readOrderAccess();
  if (kinds.includes('reservation') && reservation) headers['X-Reservation-Token'] = reservation.token;
  if (kinds.includes('auth') && auth) headers['X-Auth-Token'] = auth.token;
  if (kinds.includes('order') && order) headers['X-Access-Token'] = order.token;
  return headers;
}

export async function fetchRegistration(): Promise<Identification | null> {
  if (!readAuth()) return null;
  const { data } = await apiClient().get<Identification>('/identification/current', { headers: tokenHeaders('auth') });
  return data;
}

export async function fetchReservation(): Promise<Reservation> {
  const { data } = await apiClient().get<Reservation>('/reservations/current', { headers: tokenHeaders('reservation') });
  return data;
}

export async function fetchOrder(id: string): Promise<Order> {
  const { data } = await apiClient().get<Order>(`/orders/${encodeURIComponent(id)}`, { headers: tokenHeaders('order', 'auth') });
  return data;
}

/**
 * Places the order for the held number. From then on the order holds the number until its
 * payment deadline, so the booking token is done: its countdown must not claim an expiry while
 * the payment is pending (DOMAIN.md).
 */
export async function createOrder(body: CreateOrderRequest): Promise<Order> {
  const { data } = await apiClient().post<CreateOrderResponse>('/orders', body, { headers: tokenHeaders('reservation', 'auth') });
  saveOrderAccess(data.accessToken);
  clearReservation();
  return data.order;
}

export async function startPayment(orderId: string, provider: PaymentProvider, returnPath: string): Promise<StartPaymentResponse> {
  const { data } = await apiClient().post<StartPaymentResponse>(`/orders/${encodeURIComponent(orderId)}/payments`, { provider, returnPath }, { headers: tokenHeaders('order', 'auth') });
  return data;
}

/** "I've already paid": the server's word, never the return URL's. */
export async function checkOrderStatus(orderId: string): Promise<OrderStatusResponse> {
  const { data } = await apiClient().get<OrderStatusResponse>(`/orders/${encodeURIComponent(orderId)}/status`, { headers: tokenHeaders('order', 'auth') });
  return data;
}

/** The sandbox page lives on the API's origin: its URL is relative to the API base, in the page's language. */
export function paymentPageUrl(paymentUrl: string, apiBaseUrl: string, lang: Language): string {
  const url = new URL(paymentUrl, new URL(apiBaseUrl, window.location.href));
  url.searchParams.set('lang', lang);
  return url.toString();
}
