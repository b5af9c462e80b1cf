import { EMAIL_MAX_LENGTH } from './contract/values';

/**
 * Input rules shared by the site's forms and the reference API (pure: no React, no Node).
 * Every check returns an error code, never a text: `validationMessageKey(code)` names the
 * locale key that holds the message in ru, en and uz.
 */

export type ValidationCode =
  | 'required'
  | 'dateFormat'
  | 'dateInFuture'
  | 'dateTooOld'
  | 'passportFormat'
  | 'pinflFormat'
  | 'pinflChecksum'
  | 'pinflBirthDate'
  | 'pinflBirthDateMismatch'
  | 'identityFormat'
  | 'emailFormat'
  | 'phoneFormat';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: ValidationCode };

/** The message of a validation code: `validation.<code>`, in the site's texts and in the API's own (server/api/messages/). */
export function validationMessageKey(code: ValidationCode): string {
  return `validation.${code}`;
}

export interface CalendarDate {
  day: number;
  month: number;
  year: number;
}

/** Uzbekistan keeps UTC+5 all year: "today" is the date in Tashkent, wherever the code runs. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;
const OLDEST_YEAR = 1900;

export function todayInTashkent(nowMs: number = Date.now()): CalendarDate {
  const d = new Date(nowMs + TASHKENT_OFFSET_MS);
  return { day: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isRealDate(date: CalendarDate): boolean {
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= daysInMonth(date.year, date.month);
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** ISO form (yyyy-mm-dd) of a calendar date. */
export function isoDate(date: CalendarDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * A date as a visitor types one where a date is wished for: `25.11.1990` (also with `/` or `-`
 * between, one-digit day and month allowed) or the HTML date input's `1990-11-25`, read as day,
 * month and year. Only the shape is checked: whether the day exists is isRealDate's question.
 */
export function dateFieldsOf(input: string): CalendarDate | null {
  const text = input.trim();
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (dayFirst) return { day: Number(dayFirst[1]), month: Number(dayFirst[2]), year: Number(dayFirst[3]) };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) } : null;
}

/** Date of birth typed as dd.mm.yyyy: a real calendar date, not in the future, not before 1900. */
export function checkBirthDate(input: string, nowMs: number = Date.now()): Checked<CalendarDate> {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'required' };
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return { ok: false, error: 'dateFormat' };
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  if (!isRealDate(date)) return { ok: false, error: 'dateFormat' };
  if (date.year < OLDEST_YEAR) return { ok: false, error: 'dateTooOld' };
  if (compareDates(date, todayInTashkent(nowMs)) > 0) return { ok: false, error: 'dateInFuture' };
  return { ok: true, value: date };
}

/** Passport or ID card: two Latin letters and seven digits; spaces are ignored, letters upper-cased. */
export function checkPassport(input: string): Checked<string> {
  const text = input.replace(/\s+/g, '').toUpperCase();
  if (text === '') return { ok: false, error: 'required' };
  return /^[A-Z]{2}\d{7}$/.test(text) ? { ok: true, value: text } : { ok: false, error: 'passportFormat' };
}

/** Weights 7, 3, 1 repeating over the first 13 digits; the 14th is the sum mod 10 (docs/domain.md). */
export function pinflCheckDigit(first13: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(first13[i]) * weights[i % 3];
  return sum % 10;
}

/** The birth date a PINFL carries: digit 1 gives the century (3/4: 1900s, 5/6: 2000s), 2-7 DDMMYY. */
export function pinflBirthDate(pinfl: string): CalendarDate | null {
  if (!/^\d{14}$/.test(pinfl)) return null;
  const century = { '3': 1900, '4': 1900, '5': 2000, '6': 2000 }[pinfl[0]];
  if (century === undefined) return null;
  const date = {
    day: Number(pinfl.slice(1, 3)),
    month: Number(pinfl.slice(3, 5)),
    year: century + Number(pinfl.slice(5, 7)),
  };
  return isRealDate(date) ? date : null;
}

/** PINFL: 14 digits, a valid century digit and birth date, and a matching check digit. */
export function checkPinfl(input: string): Checked<string> {
  const text = input.replace(/\s+/g, '');
  if (text === '') return { ok: false, error: 'required' };
  if (!/^\d{14}$/.test(text)) return { ok: false, error: 'pinflFormat' };
  if (pinflBirthDate(text) === null) return { ok: false, error: 'pinflBirthDate' };
  if (pinflCheckDigit(text.slice(0, 13)) !== Number(text[13])) return { ok: false, error: 'pinflChecksum' };
  return { ok: true, value: text };
}

export type IdentityDocument = { type: 'passport'; value: string } | { type: 'pinfl'; value: string };

/** The identity field takes either a passport series and number or a PINFL. */
export function checkIdentityDocument(input: string): Checked<IdentityDocument> {
  const text = input.replace(/\s+/g, '');
  if (text === '') return { ok: false, error: 'required' };
  if (/^\d+$/.test(text)) {
    const pinfl = checkPinfl(text);
    return pinfl.ok ? { ok: true, value: { type: 'pinfl', value: pinfl.value } } : pinfl;
  }
  if (/^[A-Za-z]{2}/.test(text)) {
    const passport = checkPassport(text);
    return passport.ok ? { ok: true, value: { type: 'passport', value: passport.value } } : passport;
  }
  return { ok: false, error: 'identityFormat' };
}

export interface IdentityInput {
  document: string;
  birthDate: string;
}
export type IdentityErrors = Partial<Record<keyof IdentityInput, ValidationCode>>;

/**
 * The remote identification form as a whole: each field on its own, then the PINFL's embedded
 * date against the typed date of birth (the mismatch is reported on the birthDate field).
 */
export function checkIdentity(
  input: IdentityInput,
  nowMs: number = Date.now(),
): { ok: true; value: { document: IdentityDocument; birthDate: CalendarDate } } | { ok: false; errors: IdentityErrors } {
  const document = checkIdentityDocument(input.document);
  const birthDate = checkBirthDate(input.birthDate, nowMs);
  const errors: IdentityErrors = {};
  if (!document.ok) errors.document = document.error;
  if (!birthDate.ok) errors.birthDate = birthDate.error;
  if (document.ok && birthDate.ok && document.value.type === 'pinfl') {
    const embedded = pinflBirthDate(document.value.value);
    if (embedded && compareDates(embedded, birthDate.value) !== 0) errors.birthDate = 'pinflBirthDateMismatch';
  }
  if (document.ok && birthDate.ok && Object.keys(errors).length === 0) {
    return { ok: true, value: { document: document.value, birthDate: birthDate.value } };
  }
  return { ok: false, errors };
}

/** A practical e-mail check (the eSIM QR code is sent there): one @, a dotted domain, no spaces. */
export function checkEmail(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'required' };
  if (text.length > EMAIL_MAX_LENGTH) return { ok: false, error: 'emailFormat' };
  const ok = /^[^\s@"<>()[\],;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(text);
  return ok ? { ok: true, value: text } : { ok: false, error: 'emailFormat' };
}

/** Two-digit operator codes in use in Uzbekistan (docs/domain.md). */
export const UZ_OPERATOR_CODES = ['20', '33', '50', '77', '88', '90', '91', '93', '94', '95', '97', '99'] as const;

/**
 * Uzbek mobile number: +998, an operator code in use and seven digits. Spaces, dashes and
 * brackets are allowed while typing, and the nine national digits alone (`90 555 12 34`, the
 * form's field shows +998 before them) mean the same number; the value is normalized to
 * +998XXXXXXXXX. A leading + names a country code, so `+90 ...` stays refused.
 */
export function checkUzPhone(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'required' };
  if (!/^\+?[\d\s\-()]+$/.test(text)) return { ok: false, error: 'phoneFormat' };
  const typed = text.replace(/\D/g, '');
  const digits = typed.length === 9 && !text.startsWith('+') ? `998${typed}` : typed;
  if (!/^998\d{9}$/.test(digits)) return { ok: false, error: 'phoneFormat' };
  if (!(UZ_OPERATOR_CODES as readonly string[]).includes(digits.slice(3, 5))) return { ok: false, error: 'phoneFormat' };
  return { ok: true, value: `+${digits}` };
}

/** +998771234567 -> +998 77 123 45 67 */
export function formatUzPhone(normalized: string): string {
  const m = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(normalized);
  return m ? `+998 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : normalized;
}
