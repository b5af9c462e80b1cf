import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/languages';
import { useLanguage } from '../../components/use-language';
import { formatNumber, formatUzs } from '../../format';

export interface TariffText {
  lang: Language;
  price(amount: number): string;
  gb(value: number): string;
  /** null: unlimited minutes. */
  minutes(value: number | null): string;
  sms(value: number): string;
}

/**
 * Allowances and prices as the page's language writes them: `30 GB`, `500 мин`, `29 000 сум`.
 * Through the stable formatters, so Uzbek prints the same on the server and in a browser without
 * Uzbek ICU data (otherwise hydration fails on every uz page).
 */
export function useTariffText(): TariffText {
  const { t } = useTranslation();
  const lang = useLanguage();
  const count = (value: number) => formatNumber(value, lang);
  return {
    lang,
    price: (amount) => formatUzs(amount, lang),
    gb: (value) => t('tariffs.units.gb', { value: count(value) }),
    minutes: (value) => (value === null ? t('tariffs.units.unlimitedMinutes') : t('tariffs.units.minutes', { value: count(value) })),
    sms: (value) => t('tariffs.units.sms', { value: count(value) }),
  };
}
