import type { Language } from '../../../shared/languages';
import { formatDate, formatNumber, formatUzs } from '../../format';

/**
 * The shared formatters, made to print the same text in every engine: the server's and the
 * browser's text must agree or hydration fails. Engines without Uzbek ICU data (Debian's
 * Chromium among them) print uz numbers as `65,000` and dates as `2025 M09 1`, where Node prints
 * `65 000` and `1-sentabr, 2025`. Uzbek groups digits with spaces as Russian does, so uz numbers
 * use the ru grouping, and uz dates are written dd.mm.yyyy, as Uzbek documents write them.
 */
const GROUPING: Record<Language, Language> = { ru: 'ru', en: 'en', uz: 'ru' };

export function formatCount(value: number, lang: Language): string {
  return formatNumber(value, GROUPING[lang]);
}

/** formatUzs with the engine-independent grouping: `65 000 soʻm`. */
export function formatPrice(amount: number, lang: Language): string {
  const text = formatUzs(amount, lang);
  return GROUPING[lang] === lang ? text : text.replace(formatNumber(amount, lang), formatCount(amount, lang));
}

/** A calendar date (yyyy-mm-dd). */
export function formatDay(value: string, lang: Language): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return lang === 'uz' && parts ? `${parts[3]}.${parts[2]}.${parts[1]}` : formatDate(value, lang);
}
