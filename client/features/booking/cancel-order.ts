import { send } from '../../api/writer';
import { apiErrorOf } from '../../api/api-error';

/**
 * Cancelling the visitor's unpaid order that the API named at a choice (the page action's
 * `cancel-order` intent, loaded when first asked for): done, with the order's number as the API
 * answered it, or refused in the API's words (a payment under way, already paid or lapsed).
 */
export type CancelOrderOutcome =
  { intent: 'cancel-order'; ok: true; orderNumber: string } | { intent: 'cancel-order'; ok: false; message: string | null };

export async function cancelOrder(form: FormData): Promise<CancelOrderOutcome> {
  try {
    // POST /orders/{id}/cancel: its number is free at once; the answer is the order, ended.
    const order = await send('cancelOrder', { param: String(form.get('orderId') ?? '') });
    return { intent: 'cancel-order', ok: true, orderNumber: order.formatted };
  } catch (error) {
    return { intent: 'cancel-order', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}
