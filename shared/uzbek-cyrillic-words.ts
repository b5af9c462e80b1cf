/**
 * One Uzbek Latin word in Cyrillic (`convertWord`): the letter rules of the uzbek-cyrillic.ts module
 * comment, foreign names and date masks, and the reviewed exceptions file. The letter tests it
 * shares with the protected spans (uzbek-cyrillic-spans.ts) are exported from here.
 */
import exceptionsFile from './uzbek-cyrillic-exceptions.json';

export const APOSTROPHE_CLASS = "[\\u02BB\\u02BC\\u2019'\\u0060\\u2018]";
export const APOSTROPHES = new Set(['\u02BB', '\u02BC', '\u2019', "'", '\u0060', '\u2018']);

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

export function isLatinLetter(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
export function isAlnum(ch: string | undefined): boolean {
  return isLatinLetter(ch) || (ch !== undefined && ch >= '0' && ch <= '9');
}
export function isUpper(ch: string | undefined): boolean {
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
export function cased(cyrillic: string, like: string): string {
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
export const WORD = new RegExp(
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
export const byLengthDesc = (a: string, b: string) => b.length - a.length || (a < b ? -1 : 1);
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
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

export function convertWord(word: string, atStart: boolean, withExceptions: boolean): string {
  if (FOREIGN.test(word)) return word;
  if (REPEATED_LETTERS.test(word)) return letterByLetter(word);
  if (withExceptions && atStart) {
    const exception = byException(word);
    if (exception !== undefined) return exception;
  }
  return byRules(word, 0, atStart);
}
