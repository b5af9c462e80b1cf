import type { CategoryId } from '../../../shared/api-types';
import { dateFieldsOf, isRealDate, type CalendarDate } from '../../../shared/validation';
import { categoryIndex, SUBSCRIBER_DIGITS, type SaleCopy } from './sale-copy';

/**
 * A date (a birthday, a wedding) as the digit runs people look for in a number: DDMMYY, YYMMDD,
 * DDMM, MMDD and YYYY, longest first. A number matches a form when its seven subscriber digits
 * hold that run whole.
 */
export const DATE_FORMS = ['DDMMYY', 'YYMMDD', 'DDMM', 'MMDD', 'YYYY'] as const;
export type DateForm = (typeof DATE_FORMS)[number];

/** Years a wish can name: anyone's birthday or anniversary, and not a typo like 3000. */
export const DATE_YEARS = { from: 1900, to: 2099 } as const;

/** A wished date as typed (shared/validation.ts dateFieldsOf); null for another shape, a year out of range or a day the calendar does not have (31.02). */
export function parseDate(text: string): CalendarDate | null {
  const date = dateFieldsOf(text);
  return date && date.year >= DATE_YEARS.from && date.year <= DATE_YEARS.to && isRealDate(date) ? date : null;
}

const two = (n: number) => String(n % 100).padStart(2, '0');

/** The date's runs, in the order results rank: longer runs first. */
export function dateRuns(date: CalendarDate): Array<{ form: DateForm; run: string }> {
  const dd = two(date.day);
  const mm = two(date.month);
  const yy = two(date.year);
  const runs: Record<DateForm, string> = {
    DDMMYY: dd + mm + yy,
    YYMMDD: yy + mm + dd,
    DDMM: dd + mm,
    MMDD: mm + dd,
    YYYY: String(date.year),
  };
  return DATE_FORMS.map((form) => ({ form, run: runs[form] }));
}

/** The first (longest) form whose run the number's subscriber digits hold, or null. */
export function matchedForm(msisdn: string, runs: ReadonlyArray<{ form: DateForm; run: string }>): DateForm | null {
  const subscriber = msisdn.slice(-7);
  return runs.find(({ run }) => subscriber.includes(run))?.form ?? null;
}

/**
 * The numbers for sale whose subscriber digits hold one of the date's runs, from the in-memory
 * copy (sale-copy.ts): each number once, under the first (longest) form it holds, ranked by form,
 * then price and number; at most `cap` of them. A run at each place it can stand is one pattern
 * of digits, found by range; held numbers and other categories are left out.
 */
export function dateMatches(
  copy: SaleCopy,
  runs: ReadonlyArray<{ form: DateForm; run: string }>,
  options: { category: CategoryId | null; held: ReadonlySet<string>; cap: number },
): Array<{ msisdn: string; price: number; form: DateForm }> {
  const { categories, prices, gone, extras } = copy;
  const eligible = (msisdn: string, category: CategoryId) =>
    (!options.category || category === options.category) && !options.held.has(msisdn);
  const wanted = options.category ? categoryIndex(options.category) : -1;
  const taken = new Set<string>();
  const ranked: Array<{ msisdn: string; price: number; form: DateForm }> = [];
  for (const { form, run } of runs) {
    const rows: number[] = [];
    for (let start = 0; start + run.length <= SUBSCRIBER_DIGITS; start++) {
      const pattern = Array.from({ length: SUBSCRIBER_DIGITS }, (_, place) =>
        place >= start && place < start + run.length ? run.charCodeAt(place - start) - 48 : null,
      );
      copy.forEachFitting(pattern, (row) => {
        if (gone[row] || (wanted >= 0 && categories[row] !== wanted)) return;
        const msisdn = copy.msisdnOf(row);
        if (!taken.has(msisdn) && !options.held.has(msisdn)) rows.push(row);
      });
    }
    const here = [...new Set(rows)].sort((a, b) => a - b).map((row) => ({ msisdn: copy.msisdnOf(row), price: prices[row] }));
    for (const e of extras) {
      if (!taken.has(e.msisdn) && eligible(e.msisdn, e.category) && e.msisdn.slice(-SUBSCRIBER_DIGITS).includes(run)) here.push(e);
    }
    if (extras.length > 0) here.sort((a, b) => a.price - b.price || (a.msisdn < b.msisdn ? -1 : a.msisdn > b.msisdn ? 1 : 0));
    for (const { msisdn, price } of here) {
      if (ranked.length >= options.cap) return ranked;
      taken.add(msisdn);
      ranked.push({ msisdn, price, form });
    }
  }
  return ranked;
}
