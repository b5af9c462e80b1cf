import type { CreateOrderRequest } from '../../../shared/api-types';
import { orderOf, paymentForm } from './actions';
import { formDataOf } from '../../../shared/testing/form-data';

describe('the payment form fields', () => {
  it.each<[string, CreateOrderRequest]>([
    ['a ready tariff on an eSIM', { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'aziza@mail.uz' }],
    [
      'a built tariff with both add-ons, picked up',
      {
        tariff: { type: 'constructor', internetGb: 20, minutes: 500, sms: 100, nightInternet: true, dedicated: true },
        simType: 'physical',
        delivery: { method: 'pickup', pointOfSaleId: 'tashkent-chilonzor' },
      },
    ],
    [
      'a built tariff without add-ons, by courier',
      {
        tariff: { type: 'constructor', internetGb: 5, minutes: 100, sms: 0, nightInternet: false, dedicated: false },
        simType: 'physical',
        delivery: { method: 'courier', address: 'Toshkent, Chilonzor 7, 12' },
      },
    ],
  ])('carry %s to the action and back unchanged, with the intent pay', (_name, order) => {
    const fields = paymentForm(null, order, 'payme');
    expect(fields).toMatchObject({ intent: 'pay', provider: 'payme' });
    expect(fields.orderId).toBeUndefined();
    expect(orderOf(formDataOf(fields))).toEqual(order);
  });

  it('name the existing order, so a second try pays it instead of placing another', () => {
    expect(paymentForm('ord-1', { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'a@b.uz' }, 'click').orderId).toBe(
      'ord-1',
    );
  });
});
