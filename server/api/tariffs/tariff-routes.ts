import type { Router } from 'express';
import type { ConstructorOptions, TariffList } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { CONSTRUCTOR_PRICE_LIST, quoteTariff, type ConstructorSelection } from '../../../shared/tariff-pricing';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { NoQuery, TariffQuoteQuery } from '../../../shared/contract';
import { query } from '../http/input';
import { requestLanguage } from '../http/language';
import { createTariffCatalogue } from './tariff-catalogue';
import { cacheFor, CATALOGUE_SECONDS } from '../http/caching';

const ADD_ON_LABELS: Record<'nightInternet' | 'dedicated', Record<Language, string>> = {
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
    nightInternet: { ...list.nightInternet, label: ADD_ON_LABELS.nightInternet[lang] },
    dedicated: { ...list.dedicated, label: ADD_ON_LABELS.dedicated[lang] },
    discountPercent: list.firstMonthsDiscountPercent,
    firstMonthsCount: list.firstMonthsCount,
    defaults: DEFAULT_SELECTION,
  };
}

export function registerTariffs(router: Router, ctx: ApiContext): void {
  const catalogue = createTariffCatalogue(ctx.db);

  router.get('/tariffs', (req, res) => {
    query(req, NoQuery);
    const payload: TariffList = { items: catalogue.list(requestLanguage(req)) };
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(payload);
  });

  router.get('/tariffs/:id', (req, res) => {
    query(req, NoQuery);
    const tariff = catalogue.find(req.params.id, requestLanguage(req));
    if (!tariff) throw notFound('tariff_not_found');
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(tariff);
  });

  router.get('/tariff-constructor', (req, res) => {
    query(req, NoQuery);
    cacheFor(res, CATALOGUE_SECONDS);
    res.json(constructorOptions(requestLanguage(req)));
  });

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
