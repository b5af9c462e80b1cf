import { INTL_LOCALE, type Language } from '../shared/languages';

/**
 * Formatting for the page's language, identical on the server and in the browser (hydration
 * compares the text). ru and en go through Intl. Uzbek does not: browsers whose ICU lacks uz data
 * (Debian's Chromium among them) print `2025 M09 1` and `14,500` where Node prints
 * `1-sentabr, 2025` and `14 500`, so Uzbek is written here by its CLDR patterns (`d-MMMM, y`,
 * no-break space between digit groups). The currency unit is ours too, for the same reason.
 */
const UZ_MONTHS = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];
const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

export function formatNumber(value: number, lang: Language): string {
  if (lang === 'uz') {
    const rounded = Math.round(Math.abs(value));
    const grouped = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    return value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
  }
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
  if (lang === 'uz') {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(date.getTime())) return value;
    return `${date.getUTCDate()}-${UZ_MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
  }
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}
