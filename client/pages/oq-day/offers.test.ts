import type { PhoneNumber, ReadyTariff } from '../../../shared/api-types';
import { numbersOfTheDay, tariffsOfTheDay } from './offers';

const tariff = (id: string, firstMonthsPrice: number, discountPercent: number) =>
  ({ id, firstMonthsPrice, discountPercent }) as ReadyTariff;

describe('the offers of Oq Day', () => {
  it('put the biggest discount first, then the lowest price, three at most', () => {
    const picked = tariffsOfTheDay([tariff('a', 30_000, 50), tariff('b', 10_000, 20), tariff('c', 20_000, 50), tariff('d', 40_000, 50)]);
    expect(picked.map((t) => t.id)).toEqual(['c', 'a', 'd']);
  });

  it('offer only numbers that can be bought now', () => {
    const numbers = [
      { number: '1', available: false },
      { number: '2', available: true },
    ] as PhoneNumber[];
    expect(numbersOfTheDay(numbers).map((n) => n.number)).toEqual(['2']);
  });
});
