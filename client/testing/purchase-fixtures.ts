import type { Order, ReadyTariff } from '../../shared/api-types';

/*
 * The purchase's catalogue and order as the component tests of its pages (payment, success) read
 * them: ready tariffs, and an eSIM order of Oq Smart awaiting payment, changed by each test as it needs.
 */

/** A ready tariff without a discount, at 49,000 UZS a month; `changes` make it another. */
export function readyTariff(changes: Partial<ReadyTariff> = {}): ReadyTariff {
  return {
    id: 'oq-plus',
    name: 'Oq Plus',
    description: '',
    monthlyPrice: 49000,
    firstMonthsPrice: changes.monthlyPrice ?? 49000,
    discountPercent: 0,
    firstMonthsCount: 0,
    internetGb: 10,
    minutes: 300,
    sms: 100,
    nightInternetGb: 0,
    dedicated: { gb: 0, label: '' },
    ...changes,
  };
}

/** Oq Smart as the demo catalogue sells it: 49,000 UZS a month, the first two at half price. */
export const OQ_SMART = readyTariff({
  id: 'oq-smart',
  name: 'Oq Smart',
  firstMonthsPrice: 24500,
  discountPercent: 50,
  firstMonthsCount: 2,
  internetGb: 15,
  sms: 500,
  minutes: 500,
});

/** An eSIM order of a 70,000 UZS number on Oq Smart, awaiting payment; `changes` make it another. */
export function placedOrder(changes: Partial<Order> = {}): Order {
  return {
    id: 'ord-1',
    status: 'created',
    number: '+998771234567',
    formatted: '+998 77 123 45 67',
    numberPrice: 70000,
    tariff: { type: 'ready', id: 'oq-smart', name: 'Oq Smart', monthlyPrice: 49000, firstMonthsPrice: 24500, selection: null },
    simType: 'esim',
    simPrice: 0,
    email: 'a@b.uz',
    delivery: null,
    total: 94500,
    createdAt: '2026-11-28T10:00:00.000Z',
    paymentDeadline: '2026-11-28T10:30:00.000Z',
    paidAt: null,
    activatedAt: null,
    esim: null,
    ...changes,
  };
}
