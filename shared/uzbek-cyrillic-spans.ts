/**
 * The spans a transliteration never changes: the brands kept in Latin (`BRAND_NAMES`), i18next
 * interpolations and nesting, `<Trans>` tags, URLs, e-mail addresses, domains, codes and phone
 * masks (`protectedAt`), as the uzbek-cyrillic.ts module comment lists them.
 */
import { APOSTROPHES, byLengthDesc, escapeRegExp, isAlnum, isLatinLetter, isUpper } from './uzbek-cyrillic-words';

/**
 * Latin names kept as they are, matched as whole words, case-sensitively (`Oq` the brand, not `oq`, white).
 * Brands, products and places known by a Latin name (as the Russian texts keep them), technical terms shown to
 * the visitor as such (SM-DP+, EID, Content-Type) and language names in their own script (English).
 */
export const BRAND_NAMES: readonly string[] = Object.freeze([
  // The operator, its day of offers.
  'Oq',
  'Oq Day',
  // Payments.
  'Uzum',
  'Uzum Bank',
  'Click',
  'Click Up',
  'Payme',
  'Uzcard',
  'Humo',
  'Visa',
  'Mastercard',
  // Phones, platforms, services.
  'Apple',
  'Google',
  'Android',
  'iPhone',
  'iOS',
  'XS',
  'XR',
  'Samsung',
  'Telegram',
  'Instagram',
  'YouTube',
  'OpenStreetMap',
  'Leaflet',
  'JavaScript',
  'OneID',
  'MyID',
  'TAS-IX',
  // Malls with a Latin name (the Russian texts keep them so).
  'Mega Planet',
  'Family Park',
  'Fergana City',
  // Technical terms and abbreviations kept in Latin.
  'eSIM',
  'EID',
  'SM-DP+',
  'QR',
  'ID',
  'Wi-Fi',
  'USSD',
  'API',
  'PDF',
  'LTE',
  'VoLTE',
  'JSON',
  'Content-Type',
  'application/json',
  // The number search's paging parameters, named in the API's message for a page too deep.
  'nextCursor',
  'cursor',
  'e-mail',
  'E-mail',
  // A language's name in its own script.
  'English',
]);

// Protected spans, each a sticky regex tried where a span may start.
const INTERPOLATION = /\{\{[\s\S]*?\}\}/y;
const NESTING = /\$t\((?:[^()]|\([^()]*\))*\)/y;
const TAG = /<\/?[A-Za-z0-9]+\s*\/?>/y;
const URL_END = `[^\\s<>"«»“”]*[^\\s<>"«»“”.,;:!?)\\]'’]`;
const URL = new RegExp(`(?:https?://|www\\.)${URL_END}`, 'y');
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9])/y;
const DOMAIN = new RegExp(`(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[a-z]{2,}(?![A-Za-z0-9])(?:/${URL_END})?`, 'y');
const CODE = /(?:[A-Za-z]+[0-9]|[0-9]+[A-Za-z])[A-Za-z0-9]*(?![A-Za-z0-9])/y;
/** Runs joined by dashes (XXX-YY-YY, ___-xx-yy, 777-77-77), checked by isDashMask. */
const DASHED = /[A-Za-z0-9#_]+(?:-[A-Za-z0-9#_]+)+(?![A-Za-z0-9#_])/y;
const MASK_CHUNK = '(?:[Xx]+|#+|_+|[0-9]+)';
/** Phone numbers and masks: +998 90 123 45 67, +998 XX XXX XX XX, XX, __. */
const PHONE = new RegExp(`\\+?${MASK_CHUNK}(?:[ \\u00A0-]${MASK_CHUNK})*(?![A-Za-z0-9])`, 'y');

const BRAND_SUFFIX = '(?:lar)?(?:ingiz|imiz|ing|im|si|i)?(?:ning|ni|ga|ka|qa|dagi|dan|tan|da|ta|gacha|dek|day)?';
const SHORT_BRAND_SUFFIX = '(?:ning|ni|ga|qa|dagi|dan|da|gacha|dek|day)?';
/**
 * A brand, whole word, possibly with an Uzbek suffix left to the rules: any lower-case one after a brand ending in
 * a capital (eSIMni), a case ending after one ending in a small letter (Telegramda; a two-letter brand takes no
 * possessive, so Oqim, flow, stays a word).
 */
const BRAND = new RegExp(
  `(?:${[...BRAND_NAMES]
    .sort(byLengthDesc)
    .map((name) => {
      const pattern = escapeRegExp(name).replace(/ /g, '[ \\u00A0]');
      const last = name[name.length - 1];
      const suffix = isUpper(last) ? '[a-z]*' : isLatinLetter(last) ? (name.length > 2 ? BRAND_SUFFIX : SHORT_BRAND_SUFFIX) : '';
      return `${pattern}(?=${suffix}(?![A-Za-z0-9]))`;
    })
    .join('|')})`,
  'y',
);

function stickyLength(regex: RegExp, text: string, at: number): number {
  regex.lastIndex = at;
  const m = regex.exec(text);
  return m ? m[0].length : 0;
}

/** kk.oo.yyyy: not a domain but a date mask, each part one letter doubled or more. */
const DATE_MASK = /^(?:([A-Za-z])\1+\.)+([A-Za-z])\2+$/;

function isDashMask(span: string): boolean {
  const chunks = span.split('-');
  return chunks.every((c) => /^(?:([A-Za-z])\1*|[0-9]+|_+|#+)$/.test(c)) && chunks.some((c) => /^(?:[Xx]+|[0-9]+|_+|#+)$/.test(c));
}

/** What a text holds, so that the spans it cannot have are never tried. */
export interface Features {
  at: boolean;
  dot: boolean;
  dash: boolean;
  digit: boolean;
}
const BRAND_FIRST_LETTERS = new Set(BRAND_NAMES.map((name) => name[0]));

/** The length of the protected span starting at `at`, 0 if none. */
export function protectedAt(text: string, at: number, has: Features): number {
  const ch = text[at];
  if (ch === '{') return stickyLength(INTERPOLATION, text, at);
  if (ch === '$') return stickyLength(NESTING, text, at);
  if (ch === '<') return stickyLength(TAG, text, at);
  if (!isAlnum(ch) && ch !== '+' && ch !== '#' && ch !== '_') return 0;
  const prev = text[at - 1];
  if (isAlnum(prev)) return 0; // inside a word
  const before = prev ?? '';
  let n = ch === 'h' || ch === 'w' ? stickyLength(URL, text, at) : 0;
  if (n === 0 && has.at && !/[._%+-]/.test(before)) n = stickyLength(EMAIL, text, at);
  if (n === 0 && has.dot && !/[@.-]/.test(before)) {
    n = stickyLength(DOMAIN, text, at);
    if (DATE_MASK.test(text.slice(at, at + n))) n = 0;
  }
  // Not a brand right after a letter and an apostrophe: that is inside a word (qoʻOq is no brand).
  if (n === 0 && BRAND_FIRST_LETTERS.has(ch) && !(APOSTROPHES.has(before) && isLatinLetter(text[at - 2]))) {
    n = stickyLength(BRAND, text, at);
  }
  if (n === 0 && has.digit) n = stickyLength(CODE, text, at);
  if (n === 0 && has.dash) {
    n = stickyLength(DASHED, text, at);
    if (n !== 0 && !isDashMask(text.slice(at, at + n))) n = 0;
  }
  if (n === 0 && /[+Xx#_0-9]/.test(ch)) n = stickyLength(PHONE, text, at);
  return n;
}
