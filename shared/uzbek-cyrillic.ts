// Not the npm package `lotin-kirill`: it has a single release, pulls in anchorme, and its rules differ from the
// official ones (every `ye` becomes е, ц is guessed from `tsi(on|ya)`); these are the official rules plus a
// reviewed exceptions file.

/**
 * Uzbek Latin → Uzbek Cyrillic, for the site's fourth language (uz-cyrl), made from the Latin texts at build time
 * and from data strings per request. The 1995 Latin alphabet's official correspondence:
 *
 * - letters a→а … z→з (h→ҳ, q→қ, x→х, y→й, j→ж); oʻ→ў, gʻ→ғ, sh→ш, ch→ч; ng is н+г; yo→ё, yu→ю, ya→я
 *   (but yoʻ is й+ў); ye→е at a word's start or after a vowel, й+е after a consonant; e→э at a word's start,
 *   е elsewhere; s'h (s, apostrophe, h) is с+ҳ, not ш. Case is kept: Sh, SH → Ш.
 * - Apostrophes: any of ʻ ʼ ’ ' ` ‘ after o/g makes ў/ғ; between two other letters it is the tutuq belgisi, ъ
 *   (maʼno → маъно); anywhere else it is punctuation and stays.
 * - Only ASCII Latin letters and those apostrophes change. A word with a letter the Uzbek alphabet lacks (w, or c
 *   outside ch) is a foreign name and stays whole; a word made only of doubled letters (kk.oo.yyyy, KKOOYY) is a
 *   date mask and goes letter by letter, without digraphs (YYOOKK → ЙЙООКК, not ЙЁОКК).
 * - Never changed (protected spans): i18next `{{…}}` and `$t(…)`, `<Trans>` tags (`<1>`, `</strong>`, `<br/>`;
 *   the text between them is transliterated), URLs, e-mail addresses, domain-like words (oq.uz), phone numbers and
 *   masks (+998 XX XXX XX XX, XXX-YY-YY, ___-xx-yy), words containing a digit (4G, AA1234567) and BRAND_NAMES
 *   (whole words, case-sensitive; a Latin brand may carry an Uzbek suffix: eSIMni → eSIMни, e-mailga → e-mailга).
 * - shared/uzbek-cyrillic-exceptions.json: reviewed words the rules get wrong (октябрь, акция, курьер). A key is a
 *   lower-case stem matched at a word's start when the rest of the word is a chain of Uzbek suffixes (`-lar`,
 *   `-ning`, `-dan`…; `sirk` covers sirkda but not sirka, vinegar); the rest goes by the rules, the word's case
 *   carries over (Oktabr → Октябрь, OKTABR → ОКТЯБРЬ), and a final ь drops before a suffix as Cyrillic Uzbek
 *   writes it (fevral → февраль, fevraldagi → февралдаги).
 *
 * No regex lookbehind anywhere: the browser bundle targets Safari 15, which lacks it.
 */
import exceptionsFile from './uzbek-cyrillic-exceptions.json';

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

const APOSTROPHE_CLASS = "[\\u02BB\\u02BC\\u2019'\\u0060\\u2018]";
const APOSTROPHES = new Set(['\u02BB', '\u02BC', '\u2019', "'", '\u0060', '\u2018']);

const LETTERS: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  x: 'х',
  y: 'й',
  z: 'з',
};
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function isLatinLetter(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isAlnum(ch: string | undefined): boolean {
  return isLatinLetter(ch) || (ch !== undefined && ch >= '0' && ch <= '9');
}
function isUpper(ch: string | undefined): boolean {
  return ch !== undefined && ch >= 'A' && ch <= 'Z';
}
const LOWER_OF: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyz'].flatMap((ch) => [
    [ch, ch],
    [ch.toUpperCase(), ch],
  ]),
);
/** A Latin letter in lower case, anything else as it is ('' past the end). */
function lower(ch: string | undefined): string {
  return ch === undefined ? '' : (LOWER_OF[ch] ?? ch);
}
function cased(cyrillic: string, like: string): string {
  return isUpper(like) ? cyrillic.toUpperCase() : cyrillic;
}

/** The rules of the module comment, from `word[from]` on; `atStart`: `word[0]` begins a word. */
function byRules(word: string, from: number, atStart: boolean): string {
  let out = '';
  for (let i = from; i < word.length; i++) {
    const ch = word[i];
    const lo = lower(ch);
    const next = word[i + 1];
    if (APOSTROPHES.has(ch)) {
      // Between two letters (a word only holds those, or one after o/g, taken with its letter below).
      out += isUpper(word[i - 1]) && isUpper(next) ? 'Ъ' : 'ъ';
      continue;
    }
    switch (lo) {
      case 'o':
      case 'g':
        if (APOSTROPHES.has(next)) {
          out += cased(lo === 'o' ? 'ў' : 'ғ', ch);
          i++;
          continue;
        }
        break;
      case 's':
        if (APOSTROPHES.has(next) && lower(word[i + 2]) === 'h') {
          out += cased('с', ch) + cased('ҳ', word[i + 2]);
          i += 2;
          continue;
        }
        if (lower(next) === 'h') {
          out += cased('ш', ch);
          i++;
          continue;
        }
        break;
      case 'c':
        if (lower(next) === 'h') {
          out += cased('ч', ch);
          i++;
          continue;
        }
        break;
      case 'y': {
        const n = lower(next);
        if (n === 'o' && !APOSTROPHES.has(word[i + 2])) {
          out += cased('ё', ch);
          i++;
          continue;
        }
        if (n === 'u' || n === 'a') {
          out += cased(n === 'u' ? 'ю' : 'я', ch);
          i++;
          continue;
        }
        if (n === 'e') {
          const prev = lower(word[i - 1]);
          const afterVowel = VOWELS.has(prev) || (APOSTROPHES.has(word[i - 1]) && lower(word[i - 2]) === 'o');
          if (i === 0 ? atStart : afterVowel) {
            out += cased('е', ch);
            i++;
            continue;
          }
        }
        break; // й; an e after it is then е
      }
      case 'e':
        out += cased(i === 0 && atStart ? 'э' : 'е', ch);
        continue;
    }
    const cyrillic = LETTERS[lo];
    out += cyrillic === undefined ? ch : cased(cyrillic, ch);
  }
  return out;
}

/** A Latin word: letters, an apostrophe after o/g, or one between letters. */
const WORD = new RegExp(
  `(?:[oOgG]${APOSTROPHE_CLASS}|[A-Za-z])(?:[oOgG]${APOSTROPHE_CLASS}|[A-Za-z]|${APOSTROPHE_CLASS}(?=[A-Za-z]))*`,
  'g',
);
/** A letter the Uzbek alphabet lacks: the word is a foreign name. */
const FOREIGN = /[wW]|[cC](?![hH])/;
/** Only doubled (or longer) runs of one letter: a date mask such as kk, oo, yyyy, KKOOYY. */
const REPEATED_LETTERS = /^(?:([A-Za-z])\1+)+$/i;

function letterByLetter(word: string): string {
  let out = '';
  for (const ch of word) out += cased(LETTERS[lower(ch)] ?? ch, ch);
  return out;
}

// Exceptions: `^(stem|…)(suffix chain)$`, longest stem first.
const SUFFIXES =
  'lar lari im ing imiz ingiz miz ngiz si i ning ni niki ga ka qa da ta dan tan dagi gacha cha day dek dir li lik siz chi dor mi u yu gina'.split(
    ' ',
  );
const byLengthDesc = (a: string, b: string) => b.length - a.length || (a < b ? -1 : 1);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const normalizeApostrophes = (s: string) => s.replace(new RegExp(APOSTROPHE_CLASS, 'g'), "'");

const EXCEPTIONS = new Map<string, string>(
  Object.entries((exceptionsFile as { words: Record<string, string> }).words).map(([latin, cyrillic]) => [
    normalizeApostrophes(latin.toLowerCase()),
    cyrillic,
  ]),
);
const EXCEPTION_WORD = new RegExp(
  `^(${[...EXCEPTIONS.keys()].sort(byLengthDesc).map(escapeRegExp).join('|')})((?:${[...SUFFIXES].sort(byLengthDesc).join('|')})*)$`,
  'i',
);

function byException(word: string): string | undefined {
  if (EXCEPTIONS.size === 0) return undefined;
  const m = EXCEPTION_WORD.exec(normalizeApostrophes(word));
  if (!m) return undefined;
  const stem = word.slice(0, m[1].length);
  let cyrillic = EXCEPTIONS.get(m[1].toLowerCase())!;
  if (m[2] !== '' && cyrillic.endsWith('ь')) cyrillic = cyrillic.slice(0, -1);
  if (stem.length > 1 && stem === stem.toUpperCase()) cyrillic = cyrillic.toUpperCase();
  else if (isUpper(stem[0])) cyrillic = cyrillic[0].toUpperCase() + cyrillic.slice(1);
  return cyrillic + byRules(word, stem.length, false);
}

function convertWord(word: string, atStart: boolean, withExceptions: boolean): string {
  if (FOREIGN.test(word)) return word;
  if (REPEATED_LETTERS.test(word)) return letterByLetter(word);
  if (withExceptions && atStart) {
    const exception = byException(word);
    if (exception !== undefined) return exception;
  }
  return byRules(word, 0, atStart);
}

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
interface Features {
  at: boolean;
  dot: boolean;
  dash: boolean;
  digit: boolean;
}
const BRAND_FIRST_LETTERS = new Set(BRAND_NAMES.map((name) => name[0]));

/** The length of the protected span starting at `at`, 0 if none. */
function protectedAt(text: string, at: number, has: Features): number {
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

const ASCII_LETTER = /[A-Za-z]/;

function convert(text: string, withExceptions: boolean): string {
  if (!ASCII_LETTER.test(text)) return text;
  const has: Features = { at: text.includes('@'), dot: text.includes('.'), dash: text.includes('-'), digit: /[0-9]/.test(text) };
  let out = '';
  let plainFrom = 0;
  const plain = (end: number) => {
    const start = plainFrom;
    out += text
      .slice(start, end)
      .replace(WORD, (word: string, offset: number) => convertWord(word, !isLatinLetter(text[start + offset - 1]), withExceptions));
  };
  for (let i = 0; i < text.length;) {
    const n = protectedAt(text, i, has);
    if (n === 0) {
      i++;
      continue;
    }
    plain(i);
    out += text.slice(i, i + n);
    i += n;
    plainFrom = i;
  }
  plain(text.length);
  return out;
}

const CACHE_LIMIT = 5000;
const cache = new Map<string, string>();

/** Uzbek Latin text → Uzbek Cyrillic, protected spans kept. */
export function toUzbekCyrillic(text: string): string {
  let cyrillic = cache.get(text);
  if (cyrillic === undefined) {
    cyrillic = convert(text, true);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, cyrillic);
  }
  return cyrillic;
}

/** The rules alone, without the exceptions file: what its review test compares each entry with. */
export function toUzbekCyrillicByRules(text: string): string {
  return convert(text, false);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A text catalogue (nested objects/arrays of strings) with every string value transliterated; keys unchanged;
 * non-strings unchanged. `keep(path)` (path = dot-joined keys, array indexes included) may return true to keep a
 * value (a string or a whole branch) as it is.
 */
export function toUzbekCyrillicCatalogue<T>(catalogue: T, keep?: (path: string) => boolean): T {
  const walk = (value: unknown, path: string): unknown => {
    if (path !== '' && keep?.(path)) return value;
    if (typeof value === 'string') return toUzbekCyrillic(value);
    if (Array.isArray(value)) return value.map((item, i) => walk(item, path === '' ? String(i) : `${path}.${i}`));
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = walk(item, path === '' ? key : `${path}.${key}`);
      return out;
    }
    return value;
  };
  return walk(catalogue, '') as T;
}
