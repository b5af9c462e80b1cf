/**
 * A date (a birthday, a wedding) as the digit runs people look for in a number: DDMMYY, YYMMDD,
 * DDMM, MMDD and YYYY, longest first. A number matches a form when its seven subscriber digits
 * hold that run whole.
 */
export const DATE_FORMS = ['DDMMYY', 'YYMMDD', 'DDMM', 'MMDD', 'YYYY'] as const;
export type DateForm = (typeof DATE_FORMS)[number];

export interface CalendarDate {
  day: number;
  month: number;
  year: number;
}

/** Years a wish can name: anyone's birthday or anniversary, and not a typo like 3000. */
export const DATE_YEARS = { from: 1900, to: 2099 } as const;

/**
 * `25.11.1990` (also with `/` or `-` between, or one-digit day and month) or the HTML date
 * input's `1990-11-25`; null for anything else, and for a day the calendar does not have (31.02).
 */
export function parseDate(text: string): CalendarDate | null {
  const trimmed = text.trim();
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [day, month, year] = dayFirst
    ? [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])]
    : iso
      ? [Number(iso[3]), Number(iso[2]), Number(iso[1])]
      : [0, 0, 0];
  if (year < DATE_YEARS.from || year > DATE_YEARS.to || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { day, month, year } : null;
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
