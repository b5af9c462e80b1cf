import { z } from 'zod';
import { Int, itemsOf, queryBoolean, queryInt } from './common';
import { SIM_TYPE_IDS } from './values';

export const ReadyTariff = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    monthlyPrice: Int,
    /** Monthly price during the first two months (discounted). */
    firstMonthsPrice: Int,
    discountPercent: Int,
    firstMonthsCount: Int,
    internetGb: Int,
    /** null: unlimited minutes inside Uzbekistan. */
    minutes: Int.nullable().meta({ description: 'null: unlimited minutes inside Uzbekistan' }),
    sms: Int,
    nightInternetGb: Int,
    dedicated: z.strictObject({ gb: Int, label: z.string() }),
  })
  .meta({ id: 'ReadyTariff' });
export const TariffList = itemsOf(ReadyTariff).meta({ id: 'TariffList' });

export const PricedStep = z.strictObject({ value: Int, price: Int });
export const ConstructorSelection = z
  .strictObject({ internetGb: Int, minutes: Int, sms: Int, nightInternet: z.boolean(), dedicated: z.boolean() })
  .meta({ id: 'ConstructorSelection' });
const addOn = z.strictObject({ gb: Int, price: Int, label: z.string() });
export const ConstructorOptions = z
  .strictObject({
    basePrice: Int,
    internetGb: z.array(PricedStep),
    minutes: z.array(PricedStep),
    sms: z.array(PricedStep),
    nightInternet: addOn,
    dedicated: addOn,
    discountPercent: Int,
    firstMonthsCount: Int,
    defaults: ConstructorSelection,
  })
  .meta({ id: 'ConstructorOptions' });
export const TariffQuote = z
  .strictObject({ selection: ConstructorSelection, monthlyPrice: Int, firstMonthsPrice: Int, discountPercent: Int, firstMonthsCount: Int })
  .meta({ id: 'TariffQuote' });

/** GET /tariff-constructor/quote: an absent step is the constructor's default, an absent add-on is off. */
export const TariffQuoteQuery = z.strictObject({
  internetGb: queryInt(0, 100_000),
  minutes: queryInt(0, 100_000),
  sms: queryInt(0, 100_000),
  nightInternet: queryBoolean(),
  dedicated: queryBoolean(),
});

export const SimTypeId = z.enum(SIM_TYPE_IDS);
export const SimType = z
  .strictObject({
    id: SimTypeId,
    name: z.string(),
    description: z.string(),
    price: Int,
    /** What the order needs for this type: an e-mail (eSIM QR code) or a delivery choice. */
    requires: z.array(z.enum(['email', 'delivery'])),
  })
  .meta({ id: 'SimType' });
export const SimTypeList = itemsOf(SimType).meta({ id: 'SimTypeList' });
