import { data } from 'react-router';
import type { CreateOrderRequest, PaymentProvider } from '../../../shared/api-types';
import { languageFromPath } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { clearReservation, saveOrderAccess } from '../../../shared/tokens';
import { createOrder, startPayment } from '../../api/orders';
import { apiErrorCode, apiErrorOf } from '../../features/purchase/api-error';
import { browserAction } from '../../features/purchase/browser-loader';
import { paymentPageUrl } from './payment-page-url';

/** The payment form's fields (intent `pay`): the order as flat form fields, the provider, and the order when it exists. */
export function paymentForm(orderId: string | null, order: CreateOrderRequest, provider: PaymentProvider): Record<string, string> {
  const fields: Record<string, string> = { intent: 'pay', provider, simType: order.simType, tariffType: order.tariff.type };
  if (orderId) fields.orderId = orderId;
  if (order.tariff.type === 'ready') fields.tariffId = order.tariff.id;
  else {
    const { internetGb, minutes, sms, nightInternet, dedicated } = order.tariff;
    Object.assign(fields, { internetGb: String(internetGb), minutes: String(minutes), sms: String(sms) });
    if (nightInternet) fields.nightInternet = 'on';
    if (dedicated) fields.dedicated = 'on';
  }
  if (order.email) fields.email = order.email;
  if (order.delivery) {
    fields.deliveryMethod = order.delivery.method;
    if (order.delivery.method === 'pickup') fields.pointOfSaleId = order.delivery.pointOfSaleId;
    else fields.address = order.delivery.address;
  }
  return fields;
}

/** The order a payment form asks for: what `paymentForm` wrote, read back (the API checks every field). */
export function orderOf(form: FormData): CreateOrderRequest {
  const field = (name: string) => String(form.get(name) ?? '');
  const tariff: CreateOrderRequest['tariff'] =
    field('tariffType') === 'constructor'
      ? {
          type: 'constructor',
          internetGb: Number(field('internetGb')),
          minutes: Number(field('minutes')),
          sms: Number(field('sms')),
          nightInternet: form.has('nightInternet'),
          dedicated: form.has('dedicated'),
        }
      : { type: 'ready', id: field('tariffId') };
  const method = field('deliveryMethod');
  const delivery: CreateOrderRequest['delivery'] =
    method === 'pickup'
      ? { method, pointOfSaleId: field('pointOfSaleId') }
      : method === 'courier'
        ? { method, address: field('address') }
        : undefined;
  return {
    tariff,
    simType: field('simType') as CreateOrderRequest['simType'],
    ...(form.has('email') ? { email: field('email') } : {}),
    ...(delivery ? { delivery } : {}),
  };
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
  try {
    const id = form.has('orderId') ? String(form.get('orderId')) : await placeOrder(orderOf(form));
    const payment = await startPayment(id, String(form.get('provider')) as PaymentProvider, href('payment', lang));
    window.location.assign(paymentPageUrl(payment.paymentUrl, window.__APP__.config.apiBaseUrl, lang));
    return { ok: true as const };
  } catch (error) {
    return { ok: false as const, code: apiErrorCode(error), message: apiErrorOf(error)?.message ?? null };
  }
});
