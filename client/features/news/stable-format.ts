import type { Language } from '../../../shared/languages';
import { formatDate, formatNumber } from '../../format';

/**
 * formatDate/formatNumber of client/format.ts, except for Uzbek: browsers whose ICU lacks uz data
 * (Debian's Chromium among them) print `2025 M09 1` and `14,500` where Node prints `1-sentabr, 2025`
 * and `14 500`, and hydration then fails on every uz page. Uzbek is written here by the CLDR
 * pattern instead (`d-MMMM, y`, no-break space between groups), identical on both sides.
 * Once client/format.ts does this itself, these wrappers can go.
 */
const UZ_MONTHS = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];

export function stableDate(value: string, lang: Language): string {
  if (lang !== 'uz') return formatDate(value, lang);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCDate()}-${UZ_MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
}

export function stableNumber(value: number, lang: Language): string {
  if (lang !== 'uz') return formatNumber(value, lang);
  const rounded = Math.round(Math.abs(value));
  const grouped = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
}

/** `14 500 soʻm`: the unit as client/format.ts writes it. */
export function stableUzs(amount: number, lang: Language): string {
  const unit = { ru: 'сум', en: 'UZS', uz: 'soʻm' }[lang];
  return `${stableNumber(amount, lang)}\u00a0${unit}`;
}
