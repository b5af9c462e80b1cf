import type { Reservation, SimType } from '../../../shared/api-types';
import { chosenFields } from '../../features/purchase/chosen-fields';
import { orderOf } from '../../features/purchase/purchase-form';
import { OQ_SMART, placedOrder } from '../../testing/purchase-fixtures';
import { linesBeforeOrder, linesOfOrder } from './summary-lines';

const simTypes: SimType[] = [
  { id: 'esim', name: 'eSIM', description: '', price: 0, requires: ['email'] },
  { id: 'physical', name: 'SIM card', description: '', price: 10000, requires: ['delivery'] },
];
const reservation: Reservation = {
  number: '+998771234567',
  formatted: '+998 77 123 45 67',
  price: 80000,
  category: 'bronze',
  bookingId: 'b-test',
  status: 'active',
  expiresAt: '',
  orderId: null,
};
const catalogue = { tariffs: [OQ_SMART], simTypes };

describe('the payment summary', () => {
  it('adds the number, the SIM and the first discounted month before the order exists', () => {
    const lines = linesBeforeOrder(
      reservation,
      { simType: 'physical', deliveryMethod: 'courier', address: 'Tashkent, Navoi 1' },
      new URLSearchParams('tariff=oq-smart'),
      catalogue,
    );
    expect(lines).toMatchObject({
      numberPrice: 80000,
      simPrice: 10000,
      total: 80000 + 10000 + 24500,
      delivery: { method: 'courier', address: 'Tashkent, Navoi 1' },
    });
    expect(lines?.tariff).toMatchObject({ name: 'Oq Smart', discountPercent: 50 });
  });

  it('shows the order the purchase form declares: a pickup point by the contract name, an address trimmed', () => {
    const draft = { simType: 'physical', deliveryMethod: 'pickup', pointOfSaleId: 'tashkent-1', email: 'left@over.uz' } as const;
    const search = new URLSearchParams('tariff=oq-smart');
    const lines = linesBeforeOrder(reservation, draft, search, catalogue);
    const order = orderOf(chosenFields(search, draft));
    expect(lines).toMatchObject({ simType: order?.simType, email: null, delivery: order?.delivery, tariff: { choice: order?.tariff } });
    expect(lines?.delivery).toEqual({ method: 'pickup', pointOfSaleId: 'tashkent-1' });
  });

  it('has no summary while the SIM details or the tariff are missing', () => {
    expect(linesBeforeOrder(reservation, { simType: 'esim' }, new URLSearchParams('tariff=oq-smart'), catalogue)).toBeNull();
    expect(linesBeforeOrder(reservation, { simType: 'esim', email: 'a@b.uz' }, new URLSearchParams(''), catalogue)).toBeNull();
    expect(
      linesBeforeOrder(
        reservation,
        { simType: 'esim', email: 'a@b.uz', tariff: { type: 'ready', id: 'oq-smart' } },
        new URLSearchParams(''),
        catalogue,
      )?.total,
    ).toBe(104500);
  });

  it('shows a placed order as the server priced it', () => {
    const order = placedOrder({
      numberPrice: 0,
      total: 23000,
      tariff: {
        type: 'constructor',
        id: null,
        name: 'My tariff',
        monthlyPrice: 46000,
        firstMonthsPrice: 23000,
        selection: { internetGb: 10, minutes: 300, sms: 100, nightInternet: false, dedicated: false },
      },
    });
    const lines = linesOfOrder(order, catalogue);
    expect(lines).toMatchObject({ total: 23000, simName: 'eSIM' });
    expect(lines.tariff).toMatchObject({
      name: null,
      discountPercent: 50,
      firstMonthsCount: 2,
      choice: { type: 'constructor', internetGb: 10 },
    });
  });
});
