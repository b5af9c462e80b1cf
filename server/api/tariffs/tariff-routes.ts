import type { Router } from 'express';
import type { ConstructorOptions } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { inLanguage, type Localized } from '../../../shared/localized';
import { CONSTRUCTOR_PRICE_LIST, quoteTariff, type ConstructorSelection } from '../../../shared/tariff-pricing';
import { badRequest } from '../http/api-error';
import { TariffQuoteQuery } from '../../../shared/contract';
import { query } from '../http/input';

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

export function registerTariffs(router: Router): void {
  router.get('/tariff-constructor/quote', (req, res) => {
    const q = query(req, TariffQuoteQuery);
    const selection: ConstructorSelection = {
      internetGb: q.internetGb ?? DEFAULT_SELECTION.internetGb,
      minutes: q.minutes ?? DEFAULT_SELECTION.minutes,
      sms: q.sms ?? DEFAULT_SELECTION.sms,
      nightInternet: q.nightInternet ?? false,
      dedicated: q.dedicated ?? false,
    };
    const result = quoteTariff(selection);
    if (!result.ok) throw badRequest('not_a_step', result.field);
    res.json(result.quote);
  });
}
