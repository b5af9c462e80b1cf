import { formDataOf } from '../../../shared/testing/form-data';
import { orderOf, PURCHASE_FIELDS, purchaseEntries, purchaseFieldsOf, type PurchaseFields } from './purchase-form';

const filled: Required<PurchaseFields> = {
  tariff: { type: 'constructor', internetGb: 20, minutes: 500, sms: 0, nightInternet: false, dedicated: true },
  simType: 'physical',
  email: 'aziza@mail.uz',
  deliveryMethod: 'pickup',
  pointOfSaleId: 'tashkent-chilonzor',
  address: 'Toshkent, Navoi 1',
};

describe('the purchase form declaration', () => {
  it('posts every declared field under its own name and reads each back unchanged', () => {
    const entries = purchaseEntries(filled);
    for (const name of Object.keys(PURCHASE_FIELDS)) expect(entries).toHaveProperty(name);
    expect(purchaseFieldsOf(formDataOf(entries))).toEqual(filled);
  });

  it('names the fields as the order contract does, the pickup point included', () => {
    expect(Object.keys(PURCHASE_FIELDS)).toEqual(['tariff', 'simType', 'email', 'deliveryMethod', 'pointOfSaleId', 'address']);
    expect(purchaseEntries({ pointOfSaleId: 'p-1' })).toEqual({ pointOfSaleId: 'p-1' });
  });

  it('leaves out what is not a value of its field when read back', () => {
    const read = purchaseFieldsOf(formDataOf({ simType: 'pigeon', deliveryMethod: 'drone', tariff: 'constructor', email: 'a@b.uz' }));
    expect(read).toEqual({ email: 'a@b.uz' });
  });

  it('makes the order the contract asks for: an eSIM with its e-mail, a card with its delivery', () => {
    expect(orderOf({ ...filled, simType: 'esim' })).toEqual({ tariff: filled.tariff, simType: 'esim', email: 'aziza@mail.uz' });
    expect(orderOf(filled)).toEqual({
      tariff: filled.tariff,
      simType: 'physical',
      delivery: { method: 'pickup', pointOfSaleId: 'tashkent-chilonzor' },
    });
    expect(orderOf({ ...filled, deliveryMethod: 'courier' })?.delivery).toEqual({ method: 'courier', address: 'Toshkent, Navoi 1' });
  });

  it('has no order while something it needs is missing', () => {
    expect(orderOf({ ...filled, tariff: undefined })).toBeNull();
    expect(orderOf({ ...filled, simType: 'esim', email: '  ' })).toBeNull();
    expect(orderOf({ ...filled, pointOfSaleId: '' })).toBeNull();
    expect(orderOf({ ...filled, deliveryMethod: 'courier', address: 'Nav ' })).toBeNull();
  });
});
