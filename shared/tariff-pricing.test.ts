import { CONSTRUCTOR_PRICE_LIST, discountedPrice, quoteTariff } from './tariff-pricing';

describe('tariff pricing', () => {
  it('adds the base price, each chosen step and the add-ons', () => {
    const result = quoteTariff({ internetGb: 10, minutes: 300, sms: 100, nightInternet: false, dedicated: true });
    expect(result).toEqual({
      ok: true,
      quote: expect.objectContaining({
        monthlyPrice: 9_000 + 22_000 + 9_000 + 2_000 + 7_000,
        firstMonthsPrice: 24_500,
        discountPercent: 50,
        firstMonthsCount: 2,
      }),
    });
  });

  it('names the field whose value is not one of the steps', () => {
    expect(quoteTariff({ internetGb: 10, minutes: 301, sms: 100, nightInternet: false, dedicated: false })).toEqual({
      ok: false,
      field: 'minutes',
    });
  });

  it('rounds discounted prices to whole hundreds', () => {
    expect(discountedPrice(49_050, 50)).toBe(24_500);
    expect(discountedPrice(33_333, 30)).toBe(23_300);
  });

  it('keeps every combination within the market range of docs/domain.md', () => {
    const list = CONSTRUCTOR_PRICE_LIST;
    const max = quoteTariff({ internetGb: 200, minutes: 1000, sms: 3000, nightInternet: true, dedicated: true });
    const small = quoteTariff({ internetGb: 5, minutes: 100, sms: 0, nightInternet: false, dedicated: false });
    expect(max.ok && max.quote.monthlyPrice).toBeLessThanOrEqual(200_000);
    expect(small.ok && small.quote.monthlyPrice).toBeGreaterThanOrEqual(20_000);
    expect(list.internetGb.map((s) => s.value)).toEqual([...list.internetGb.map((s) => s.value)].sort((a, b) => a - b));
  });
});
