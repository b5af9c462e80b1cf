import type { PaymentProvider } from '../../../shared/api-types';
import { browserStorage } from '../../../shared/browser-storage';
import { PAYMENT_PROVIDERS } from '../../../shared/contract/values';

/** The browser's storage key of the payment method the visitor last started a payment with. */
export const LAST_PAYMENT_METHOD_KEY = 'payment-method';

/**
 * The method of the visitor's last started payment, preselected on their next visit (a first
 * visit preselects nothing: the form asks for a method). Anything else stored there is ignored.
 */
export function lastPaymentMethod(): PaymentProvider | null {
  const stored = browserStorage()?.getItem(LAST_PAYMENT_METHOD_KEY) ?? null;
  return (PAYMENT_PROVIDERS as readonly string[]).includes(stored ?? '') ? (stored as PaymentProvider) : null;
}

/** Remembers the method a payment was just started with. */
export function rememberPaymentMethod(provider: PaymentProvider): void {
  browserStorage()?.setItem(LAST_PAYMENT_METHOD_KEY, provider);
}
