import type { ConstructorOptions } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import { CONSTRUCTOR_PRICE_LIST, quoteTariff, type ConstructorSelection } from '../../../shared/tariff-pricing';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import type { ReadHandlers } from '../read-handler';
import { SIM_TYPES, simType } from './sim-types';
import { createTariffCatalogue } from './tariff-catalogue';

const ADD_ON_LABELS: Record<'nightInternet' | 'dedicated', Localized<string>> = {
  nightInternet: { ru: 'Ночной интернет, 01:00–08:00', en: 'Night internet, 01:00–08:00', uz: 'Tungi internet, 01:00–08:00' },
  dedicated: {
    ru: 'Пакет для Telegram, Instagram, YouTube и TAS-IX',
    en: 'Allowance for Telegram, Instagram, YouTube and TAS-IX',
    uz: 'Telegram, Instagram, YouTube va TAS-IX uchun paket',
  },
};

export const DEFAULT_SELECTION: ConstructorSelection = { internetGb: 20, minutes: 500, sms: 100, nightInternet: false, dedicated: true };

export function constructorOptions(lang: Language): ConstructorOptions {
  const list = CONSTRUCTOR_PRICE_LIST;
  return {
    basePrice: list.basePrice,
    internetGb: list.internetGb,
    minutes: list.minutes,
    sms: list.sms,
    nightInternet: { ...list.nightInternet, label: inLanguage(ADD_ON_LABELS.nightInternet, lang) },
    dedicated: { ...list.dedicated, label: inLanguage(ADD_ON_LABELS.dedicated, lang) },
    discountPercent: list.firstMonthsDiscountPercent,
    firstMonthsCount: list.firstMonthsCount,
    defaults: DEFAULT_SELECTION,
  };
}

/** The tariffs' public reads (shared/reads.ts): ready tariffs, the constructor, its quote, SIM types. */
export function createTariffReads(
  db: ApiContext['db'],
): ReadHandlers<'tariffs' | 'tariff' | 'tariffConstructor' | 'tariffQuote' | 'simTypes'> {
  const tariffs = createTariffCatalogue(db);
  return {
    tariffs: ({ lang }) => ({ items: tariffs.list(lang) }),
    tariff: ({ lang, param }) => tariffs.find(param, lang) ?? null,
    tariffConstructor: ({ lang }) => constructorOptions(lang),
    tariffQuote: ({ query }) => {
      const selection: ConstructorSelection = {
        internetGb: query.internetGb ?? DEFAULT_SELECTION.internetGb,
        minutes: query.minutes ?? DEFAULT_SELECTION.minutes,
        sms: query.sms ?? DEFAULT_SELECTION.sms,
        nightInternet: query.nightInternet ?? false,
        dedicated: query.dedicated ?? false,
      };
      const result = quoteTariff(selection);
      if (!result.ok) throw badRequest('not_a_step', result.field);
      return result.quote;
    },
    simTypes: ({ lang }) => ({ items: SIM_TYPES.map((s) => simType(s.id, lang)) }),
  };
}
