import type { CreateOrderRequest } from '../../../shared/api-types';
import { orderOf, purchaseFieldsOf, type PurchaseFields } from '../../features/purchase/purchase-form';
import { paymentForm } from './actions';
import { formDataOf } from '../../../shared/testing/form-data';

describe('the payment form fields', () => {
  it.each<[string, PurchaseFields, CreateOrderRequest]>([
    [
      'a ready tariff on an eSIM',
      { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'aziza@mail.uz' },
      { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'aziza@mail.uz' },
    ],
    [
      'a built tariff with both add-ons, picked up',
      {
        tariff: { type: 'constructor', internetGb: 20, minutes: 500, sms: 100, nightInternet: true, dedicated: true },
        simType: 'physical',
        deliveryMethod: 'pickup',
        pointOfSaleId: 'tashkent-chilonzor',
        address: 'typed before choosing pickup',
      },
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
        email: 'left from the eSIM choice',
        deliveryMethod: 'courier',
        address: ' Toshkent, Chilonzor 7, 12 ',
      },
      {
        tariff: { type: 'constructor', internetGb: 5, minutes: 100, sms: 0, nightInternet: false, dedicated: false },
        simType: 'physical',
        delivery: { method: 'courier', address: 'Toshkent, Chilonzor 7, 12' },
      },
    ],
  ])('carry %s to the action as the order the form asks for, with the intent pay', (_name, fields, order) => {
    const posted = paymentForm(null, fields, 'payme');
    expect(posted).toMatchObject({ intent: 'pay', provider: 'payme' });
    expect(posted.orderId).toBeUndefined();
    expect(orderOf(purchaseFieldsOf(formDataOf(posted)))).toEqual(order);
    expect(orderOf(fields)).toEqual(order);
  });

  it('name the existing order, so a second try pays it instead of placing another', () => {
    expect(paymentForm('ord-1', { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'a@b.uz' }, 'click').orderId).toBe(
      'ord-1',
    );
  });
});
