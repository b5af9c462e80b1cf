import type { CategoryId } from '../../../shared/api-types';
import { DATE_FORMS } from '../../../shared/contract/values';
import { dateFieldsOf, isRealDate, type CalendarDate } from '../../../shared/validation';
import { SUBSCRIBER_DIGITS } from './packed-digits';
import { byCatalogue, categoryIndex, type SaleCopy } from './sale-copy';
import type { SearchKey } from './search-plan';

/**
 * A date (a birthday, a wedding) as the digit runs people look for in a number: DDMMYY, YYMMDD,
 * DDMM, MMDD and YYYY (the contract's `DATE_FORMS`), longest first. A number matches a form when
 * its seven subscriber digits hold that run whole.
 */
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

/** A row of the copy as a search key: its msisdn is made only when read (a page's worth, not every match). */
class RowKey implements SearchKey {
  constructor(
    private readonly copy: SaleCopy,
    private readonly row: number,
    readonly price: number,
  ) {}

  get msisdn(): string {
    return this.copy.msisdnOf(this.row);
  }
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
): Array<{ key: SearchKey; form: DateForm }> {
  const { categories, prices, gone, extras } = copy;
  const wanted = options.category ? categoryIndex(options.category) : -1;
  const heldAny = options.held.size > 0;
  const takenRows = new Set<number>();
  const takenExtras = new Set<string>();
  const ranked: Array<{ key: SearchKey; form: DateForm }> = [];
  for (const { form, run } of runs) {
    const rows = new Set<number>();
    for (let start = 0; start + run.length <= SUBSCRIBER_DIGITS; start++) {
      const pattern = Array.from({ length: SUBSCRIBER_DIGITS }, (_, place) =>
        place >= start && place < start + run.length ? run.charCodeAt(place - start) - 48 : null,
      );
      copy.forEachFitting(pattern, (row) => {
        if (gone[row] || takenRows.has(row) || (wanted >= 0 && categories[row] !== wanted)) return;
        if (heldAny && options.held.has(copy.msisdnOf(row))) return;
        rows.add(row);
      });
    }
    const here: Array<{ key: SearchKey; row: number }> = [...rows]
      .sort((a, b) => a - b)
      .map((row) => ({ key: new RowKey(copy, row, prices[row]), row }));
    const fresh = extras.filter(
      (e) =>
        !takenExtras.has(e.msisdn) &&
        (!options.category || e.category === options.category) &&
        !options.held.has(e.msisdn) &&
        e.msisdn.slice(-SUBSCRIBER_DIGITS).includes(run),
    );
    if (fresh.length > 0) {
      here.push(...fresh.map((e) => ({ key: { msisdn: e.msisdn, price: e.price }, row: -1 })));
      here.sort((a, b) => byCatalogue(a.key, b.key));
    }
    for (const { key, row } of here) {
      if (ranked.length >= options.cap) return ranked;
      if (row >= 0) takenRows.add(row);
      else takenExtras.add(key.msisdn);
      ranked.push({ key, form });
    }
  }
  return ranked;
}
