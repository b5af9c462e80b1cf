import { dateFieldsOf, isRealDate, type CalendarDate } from '../../../shared/validation';

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
