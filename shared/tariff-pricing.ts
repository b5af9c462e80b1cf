/**
 * The tariff constructor's price list and pricing rule, shared so the page shows the same
 * number instantly that the API charges (the API quotes with this very function).
 * Prices are whole UZS per month; ranges follow docs/domain.md (about 20,000-170,000 for 5-200 GB).
 */

export interface PricedStep {
  value: number;
  price: number;
}

export interface ConstructorPriceList {
  /** Charged for every combination: the number itself and its upkeep. */
  basePrice: number;
  internetGb: PricedStep[];
  minutes: PricedStep[];
  sms: PricedStep[];
  nightInternet: { gb: number; price: number };
  dedicated: { gb: number; price: number };
  /** Percent off the monthly price during the first two months. */
  firstMonthsDiscountPercent: number;
  firstMonthsCount: number;
}

export const CONSTRUCTOR_PRICE_LIST: ConstructorPriceList = {
  basePrice: 9_000,
  internetGb: [
    { value: 0, price: 0 },
    { value: 5, price: 14_000 },
    { value: 10, price: 22_000 },
    { value: 20, price: 34_000 },
    { value: 30, price: 45_000 },
    { value: 50, price: 62_000 },
    { value: 100, price: 90_000 },
    { value: 200, price: 125_000 },
  ],
  minutes: [
    { value: 0, price: 0 },
    { value: 100, price: 4_000 },
    { value: 300, price: 9_000 },
    { value: 500, price: 13_000 },
    { value: 700, price: 17_000 },
    { value: 1000, price: 22_000 },
  ],
  sms: [
    { value: 0, price: 0 },
    { value: 100, price: 2_000 },
    { value: 500, price: 5_000 },
    { value: 1000, price: 8_000 },
    { value: 3000, price: 12_000 },
  ],
  nightInternet: { gb: 50, price: 9_000 },
  dedicated: { gb: 20, price: 7_000 },
  firstMonthsDiscountPercent: 50,
  firstMonthsCount: 2,
};

export interface ConstructorSelection {
  internetGb: number;
  minutes: number;
  sms: number;
  nightInternet: boolean;
  dedicated: boolean;
}

export interface TariffQuote {
  selection: ConstructorSelection;
  monthlyPrice: number;
  firstMonthsPrice: number;
  discountPercent: number;
  firstMonthsCount: number;
}

export type QuoteField = 'internetGb' | 'minutes' | 'sms';
export type QuoteResult = { ok: true; quote: TariffQuote } | { ok: false; field: QuoteField };

/** Discounted prices are rounded to whole hundreds of UZS, as price lists are. */
export function discountedPrice(monthlyPrice: number, percent: number): number {
  return Math.round((monthlyPrice * (100 - percent)) / 100 / 100) * 100;
}

/** Prices a combination; a value that is not one of the allowed steps names its field. */
export function quoteTariff(selection: ConstructorSelection, list: ConstructorPriceList = CONSTRUCTOR_PRICE_LIST): QuoteResult {
  let monthly = list.basePrice;
  for (const field of ['internetGb', 'minutes', 'sms'] as const) {
    const step = list[field].find((s) => s.value === selection[field]);
    if (!step) return { ok: false, field };
    monthly += step.price;
  }
  if (selection.nightInternet) monthly += list.nightInternet.price;
  if (selection.dedicated) monthly += list.dedicated.price;
  return {
    ok: true,
    quote: {
      selection: { ...selection },
      monthlyPrice: monthly,
      firstMonthsPrice: discountedPrice(monthly, list.firstMonthsDiscountPercent),
      discountPercent: list.firstMonthsDiscountPercent,
      firstMonthsCount: list.firstMonthsCount,
    },
  };
}
