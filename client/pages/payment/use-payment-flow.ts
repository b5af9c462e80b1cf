import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import type { Order, PointOfSale, Reservation } from '../../../shared/api-types';
import { languageFromPath } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { currentIdentification } from '../../api/identification';
import { checkOrderStatus, fetchOrder } from '../../api/orders';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { currentReservation } from '../../api/reservations';
import { fetchSimTypes } from '../../api/sim-types';
import { fetchTariffs } from '../../api/tariffs';
import { apiErrorCode } from '../../api/api-error';
import { readDraft, type PurchaseDraft } from '../../features/purchase/purchase-draft';
import { readAuth, readOrderAccess, readReservation } from '../../../shared/tokens';
import type { Catalogue } from './summary-lines';

/** What the summary names things from: ready tariffs, SIM types, and the pickup points. */
export interface PaymentCatalogue extends Catalogue {
  points: PointOfSale[];
}

/** The catalogues of /payment, one optional part of its loader. */
export async function fetchPaymentCatalogue(context: LoaderFunctionArgs['context']): Promise<PaymentCatalogue> {
  const [tariffs, simTypes, points] = await Promise.all([
    fetchTariffs(context),
    fetchSimTypes(context),
    fetchPointsOfSale(context, { service: 'sim' }),
  ]);
  return { tariffs, simTypes, points: points.items };
}

/**
 * Where a placed order's payment stands, as far as the page knows: nothing started (`none`) or
 * the latest payment declined or still pending, as the server says after the provider's return
 * or "I've already paid"; `unknown` when the page did not ask (a placed order reopened).
 */
export type OrderPayment = 'none' | 'declined' | 'pending' | 'unknown';

/** Whose turn it is on /payment, decided in the browser from the visitor's tokens and the server. */
export type PaymentFlow =
  | { mode: 'selectNumber' }
  | { mode: 'register' }
  | { mode: 'draft'; held: Reservation; draft: PurchaseDraft }
  | { mode: 'order'; order: Order; payment: OrderPayment }
  | { mode: 'expired'; message: string }
  | { mode: 'failed' };

/**
 * The payment step's browser loader. `?order=` is the provider's return, "I've already paid" or a
 * link to an unpaid order: the server's word decides, and an activated order goes on to /success. Without it, the booking,
 * the confirmed phone and its identification, and a placed order decide, as the tokens say.
 */
export async function decidePayment(url: URL): Promise<PaymentFlow> {
  try {
    return await decide(url);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The shared client has shown the API's words; here the page says what to do next.
    const code = apiErrorCode(error);
    const noBooking = code === 'reservation_expired' || code === 'reservation_not_found' || code === 'number_required';
    return noBooking ? { mode: 'selectNumber' } : { mode: 'failed' };
  }
}

async function decide(url: URL): Promise<PaymentFlow> {
  const returnedOrder = url.searchParams.get('order');
  if (returnedOrder) {
    const status = await checkOrderStatus(returnedOrder);
    if (status.result === 'activated') throw redirect(href('success', languageFromPath(url.pathname), {}, { order: returnedOrder }));
    if (status.result === 'expired') return { mode: 'expired', message: status.message };
    // The server tells a declined payment (nothing charged) from one not answered yet.
    const payment = status.payment === 'none' || status.payment === 'declined' ? status.payment : 'pending';
    return { mode: 'order', order: await fetchOrder(returnedOrder), payment };
  }
  const reservation = readReservation();
  if (reservation && reservation.expiresAtMs > Date.now()) {
    if (!readAuth()) return { mode: 'register' };
    const registration = await currentIdentification().catch(() => null);
    if (registration?.status !== 'verified' && registration?.status !== 'appointment') return { mode: 'register' };
    const held = await currentReservation();
    const access = readOrderAccess();
    if (held.status === 'ordered' && held.orderId && access?.orderId === held.orderId)
      return { mode: 'order', order: await fetchOrder(held.orderId), payment: 'unknown' };
    return { mode: 'draft', held, draft: readDraft() };
  }
  const access = readOrderAccess();
  if (access) {
    const order = await fetchOrder(access.orderId).catch(() => null);
    if (order?.status === 'created') return { mode: 'order', order, payment: 'unknown' };
  }
  return { mode: 'selectNumber' };
}
