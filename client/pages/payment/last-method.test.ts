/** @jest-environment @happy-dom/jest-environment */
import { LAST_PAYMENT_METHOD_KEY, lastPaymentMethod, rememberPaymentMethod } from './last-method';

describe('the last payment method', () => {
  beforeEach(() => window.localStorage.clear());

  it('is none on a first visit, and the one remembered after a payment was started', () => {
    expect(lastPaymentMethod()).toBeNull();
    rememberPaymentMethod('click');
    expect(window.localStorage.getItem(LAST_PAYMENT_METHOD_KEY)).toBe('click');
    expect(lastPaymentMethod()).toBe('click');
  });

  it('ignores a stored value that is no payment method', () => {
    window.localStorage.setItem(LAST_PAYMENT_METHOD_KEY, 'paypal');
    expect(lastPaymentMethod()).toBeNull();
  });
});
