import { data } from 'react-router';
import type { CreateOrderRequest, PaymentProvider } from '../../../shared/api-types';
import { languageFromPath } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { clearReservation, saveOrderAccess } from '../../../shared/tokens';
import { createOrder, startPayment } from '../../api/orders';
import { apiErrorCode, apiErrorOf } from '../../api/api-error';
import { browserAction } from '../../features/purchase/browser-loader';
import { orderOf, purchaseEntries, purchaseFieldsOf, type PurchaseFields } from '../../features/purchase/purchase-form';
import { rememberPaymentMethod } from './last-method';
import { paymentPageUrl } from './payment-page-url';

/** The payment form's entries (intent `pay`): the purchase form's fields, the provider, and the order when it exists. */
export function paymentForm(orderId: string | null, fields: PurchaseFields, provider: PaymentProvider): Record<string, string> {
  return { ...purchaseEntries(fields), intent: 'pay', provider, ...(orderId ? { orderId } : {}) };
}

/**
 * Places the order and keeps its access token. From then on the order holds the number until its
 * payment deadline, so the booking token is done: its countdown must not claim an expiry while the
 * payment is pending.
 */
async function placeOrder(order: CreateOrderRequest): Promise<string> {
  const placed = await createOrder(order);
  saveOrderAccess(placed.accessToken);
  clearReservation();
  return placed.order.id;
}

/**
 * The payment page's mutation (intent `pay`): the order (once), the payment, and the provider's
 * page (a full navigation: it is another site). Its answer comes back to /payment with
 * ?order=&payment=. A refusal is the fetcher's data, which the form shows. See browserAction.
 */
export const action = browserAction(async ({ request }) => {
  const form = await request.formData();
  if (form.get('intent') !== 'pay') throw data(null, { status: 400 });
  const lang = languageFromPath(new URL(request.url).pathname);
  const orderId = form.get('orderId');
  const order = orderId === null ? orderOf(purchaseFieldsOf(form)) : null;
  // The form is shown only once the summary has a whole order: anything else is not its post.
  if (orderId === null && !order) throw data(null, { status: 400 });
  try {
    const id = order ? await placeOrder(order) : String(orderId);
    const provider = String(form.get('provider')) as PaymentProvider;
    const payment = await startPayment(id, provider, href('payment', lang));
    rememberPaymentMethod(provider);
    window.location.assign(paymentPageUrl(payment.paymentUrl, window.__APP__.config.apiBaseUrl, lang));
    return { ok: true as const };
  } catch (error) {
    return { ok: false as const, code: apiErrorCode(error), message: apiErrorOf(error)?.message ?? null };
  }
});
