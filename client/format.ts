import { INTL_LOCALE, type Language } from '../shared/languages';

/**
 * Formatting for the page's language. Intl data for uz is missing in some engines (older
 * Node/ICU builds print "UZS 80,000"): the unit is written by the catalogue, not by Intl,
 * so server and browser print the same text and hydration matches.
 */
const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

export function formatNumber(value: number, lang: Language): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  // Narrow no-break spaces differ between ICU versions; one plain no-break space everywhere.
  return format.format(value).replace(/[\u202f\u00a0]/g, '\u00a0');
}

const SUM: Record<Language, string> = { ru: 'сум', en: 'UZS', uz: 'soʻm' };

/** `80 000 сум`, `80,000 UZS`, `80 000 soʻm`. */
export function formatUzs(amount: number, lang: Language): string {
  return `${formatNumber(amount, lang)}\u00a0${SUM[lang]}`;
}

/** A calendar date (yyyy-mm-dd or ISO) as the language writes it, independent of the time zone. */
export function formatDate(value: string, lang: Language): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}
