import type { TFunction } from 'i18next';
import type { ConstructorOptions, ConstructorSelection, ReadyTariff } from '../../../shared/api-types';
import { ADD_ON_FIELDS } from './constructor-selection';
import type { TariffText } from './use-tariff-text';

export interface TariffRow {
  key: string;
  label: string;
  value: string;
  /** What the value is about, when it needs saying (the dedicated allowance's services). */
  note?: string;
}

/** The allowances of a ready tariff, in the order cards and the comparison show them. */
export function allowanceRows(tariff: ReadyTariff, t: TFunction, text: TariffText): TariffRow[] {
  return [
    { key: 'internet', label: t('tariffs.fields.internet'), value: text.gb(tariff.internetGb) },
    { key: 'minutes', label: t('tariffs.fields.minutes'), value: text.minutes(tariff.minutes) },
    { key: 'sms', label: t('tariffs.fields.sms'), value: text.sms(tariff.sms) },
    {
      key: 'nightInternet',
      label: t('tariffs.fields.nightInternet'),
      value: tariff.nightInternetGb > 0 ? text.gb(tariff.nightInternetGb) : t('tariffs.none'),
    },
    {
      key: 'dedicated',
      label: t('tariffs.fields.dedicated'),
      value: tariff.dedicated.gb > 0 ? text.gb(tariff.dedicated.gb) : t('tariffs.none'),
      note: tariff.dedicated.gb > 0 ? tariff.dedicated.label : undefined,
    },
  ];
}

/** Every row of the comparison: the fee, the first months' price, then the allowances. */
export function comparisonRows(tariff: ReadyTariff, t: TFunction, text: TariffText): TariffRow[] {
  return [
    { key: 'monthlyPrice', label: t('tariffs.fields.monthlyPrice'), value: text.price(tariff.monthlyPrice) },
    {
      key: 'firstMonthsPrice',
      label: t('tariffs.fields.firstMonthsPrice', { months: tariff.firstMonthsCount }),
      value: text.price(tariff.firstMonthsPrice),
      note: tariff.discountPercent > 0 ? t('tariffs.price.discount', { percent: tariff.discountPercent }) : undefined,
    },
    ...allowanceRows(tariff, t, text),
  ];
}

/** A constructor configuration in one line: `20 GB · 500 min · 100 SMS · 20 GB for social networks`. */
export function selectionSummary(selection: ConstructorSelection, options: ConstructorOptions, t: TFunction, text: TariffText): string {
  const parts = [text.gb(selection.internetGb), text.minutes(selection.minutes), text.sms(selection.sms)];
  for (const field of ADD_ON_FIELDS) {
    if (selection[field]) parts.push(t(`tariffConstructor.addOnShort.${field}`, { gb: text.gb(options[field].gb) }));
  }
  return parts.join(' · ');
}
