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
 *
 * This module turns a text or a catalogue; one word's rules are in uzbek-cyrillic-words.ts, the protected spans
 * in uzbek-cyrillic-spans.ts.
 */
import { protectedAt, type Features } from './uzbek-cyrillic-spans';
import { convertWord, isLatinLetter, WORD } from './uzbek-cyrillic-words';

// The brands live with the other protected spans; this module stays the import point of the transliteration.
export { BRAND_NAMES } from './uzbek-cyrillic-spans';

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
