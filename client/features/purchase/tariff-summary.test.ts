import type { ReadyTariff } from '../../../shared/api-types';
import { summarizeTariff } from './tariff-summary';

const start: ReadyTariff = {
  id: 'oq-start',
  name: 'Oq Start',
  description: '',
  monthlyPrice: 29000,
  firstMonthsPrice: 14500,
  discountPercent: 50,
  firstMonthsCount: 2,
  internetGb: 5,
  minutes: 300,
  sms: 100,
  nightInternetGb: 0,
  dedicated: { gb: 5, label: 'TAS-IX' },
};

describe('the tariff of a purchase', () => {
  it('names a ready tariff with its discounted first months', () => {
    expect(summarizeTariff({ type: 'ready', id: 'oq-start' }, [start])).toMatchObject({
      name: 'Oq Start',
      monthlyPrice: 29000,
      firstMonthsPrice: 14500,
      firstMonthsCount: 2,
    });
  });

  it('prices a constructor selection like the API does', () => {
    const summary = summarizeTariff(
      { type: 'constructor', internetGb: 10, minutes: 300, sms: 100, nightInternet: true, dedicated: false },
      null,
    );
    expect(summary).toMatchObject({ name: null, monthlyPrice: 9000 + 22000 + 9000 + 2000 + 9000, discountPercent: 50 });
  });

  it('has nothing to show for an unknown tariff or a value that is no step', () => {
    expect(summarizeTariff({ type: 'ready', id: 'oq-gold' }, [start])).toBeNull();
    expect(
      summarizeTariff({ type: 'constructor', internetGb: 7, minutes: 300, sms: 100, nightInternet: false, dedicated: false }, null),
    ).toBeNull();
    expect(summarizeTariff(null, [start])).toBeNull();
  });
});
