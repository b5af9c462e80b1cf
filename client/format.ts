import type { Language } from '../shared/languages';
import { TASHKENT_OFFSET_MS } from '../shared/tashkent';

/**
 * Formatting for the page's language, identical on the server and in the browser (hydration
 * compares the text), written here by each language's CLDR patterns rather than through Intl:
 * - Speed: a page's first Intl.NumberFormat or DateTimeFormat makes the browser load its ICU data
 *   for the locale on the main thread, in the middle of hydration: 58 ms of a 4× throttled load
 *   of /constructor (Chromium's CPU profile), the largest single item after React itself.
 * - Sameness: ICU versions differ. Browsers whose ICU lacks uz data (Debian's Chromium among them)
 *   print `2025 M09 1` and `14,500` where Node prints `1-sentabr, 2025` and `14 500`, and the
 *   space between digit groups is a narrow no-break space in some versions, a no-break space in
 *   others.
 * What is written is what Node's full ICU writes for ru-RU, en-US and uz-Cyrl-UZ (`format.test.ts`
 * compares them), with one no-break space between digit groups in ru and both Uzbek scripts.
 */
const GROUP_SEPARATOR: Record<Language, string> = { ru: '\u00a0', en: ',', uz: '\u00a0', 'uz-cyrl': '\u00a0' };

/** Months as a date names them: the genitive in Russian (`1 ноября`). */
const MONTHS: Record<Language, readonly string[]> = {
  ru: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  uz: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'],
  // CLDR's uz-Cyrl months, as Intl writes them: without the soft sign Russian gives them.
  'uz-cyrl': ['январ', 'феврал', 'март', 'апрел', 'май', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр'],
};

/** A whole number with the language's digit grouping: `14 500`, `14,500`; halves round away from zero, as Intl does. */
export function formatNumber(value: number, lang: Language): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const grouped = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR[lang]);
  return value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
}

const SUM: Record<Language, string> = { ru: 'сум', en: 'UZS', uz: 'soʻm', 'uz-cyrl': 'сўм' };

/** `80 000 сум`, `80,000 UZS`, `80 000 soʻm`, `80 000 сўм`. */
export function formatUzs(amount: number, lang: Language): string {
  return `${formatNumber(amount, lang)}\u00a0${SUM[lang]}`;
}

/**
 * A calendar date (yyyy-mm-dd or ISO) as the language writes it, independent of the time zone:
 * `1 ноября 2026 г.`, `November 1, 2026`, `1-noyabr, 2026`, `1 ноябр, 2026`.
 *
 * With `{ tashkentTime: true }`, an instant (ISO) as it reads in Tashkent, its day, month and
 * time, as Intl writes it with `timeZone: 'Asia/Tashkent'`, the 24-hour clock and no year:
 * `29 ноября в 14:30`, `November 29 at 14:30`, `29-noyabr, 14:30`, `29 ноябр 14:30`.
 */
export function formatDate(value: string, lang: Language, { tashkentTime = false }: { tashkentTime?: boolean } = {}): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  if (tashkentTime) return formatTashkentDateTime(new Date(date.getTime() + TASHKENT_OFFSET_MS), lang);
  const day = date.getUTCDate();
  const month = MONTHS[lang][date.getUTCMonth()];
  const year = date.getUTCFullYear();
  if (lang === 'ru') return `${day} ${month} ${year} г.`;
  if (lang === 'en') return `${month} ${day}, ${year}`;
  if (lang === 'uz-cyrl') return `${day} ${month}, ${year}`;
  return `${day}-${month}, ${year}`;
}

/** The day, month and time of `local`, a Date whose UTC fields are Tashkent's. */
function formatTashkentDateTime(local: Date, lang: Language): string {
  const day = local.getUTCDate();
  const month = MONTHS[lang][local.getUTCMonth()];
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  if (lang === 'ru') return `${day} ${month} в ${time}`;
  if (lang === 'en') return `${month} ${day} at ${time}`;
  if (lang === 'uz-cyrl') return `${day} ${month} ${time}`;
  return `${day}-${month}, ${time}`;
}
