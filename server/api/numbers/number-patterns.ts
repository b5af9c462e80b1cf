import { NUMBER_PATTERNS } from '../../../shared/contract/values';
import type { CategoryId } from './categories';

/**
 * Digit patterns of the seven subscriber digits (after +998 and the operator code).
 * The category decides the price; the search patterns are what visitors look for.
 */

// By character codes, without arrays or numbers made per call: the seed runs these five times for
// each of a million numbers (bench/README.md, "The million-number seed").
function allSame(digits: string): boolean {
  for (let i = 1; i < digits.length; i++) if (digits.charCodeAt(i) !== digits.charCodeAt(0)) return false;
  return true;
}

function isPalindrome(digits: string): boolean {
  for (let i = 0, j = digits.length - 1; i < j; i++, j--) if (digits.charCodeAt(i) !== digits.charCodeAt(j)) return false;
  return true;
}

/** A run of `length` digits each `delta` above the one before (digits only: the codes of 0-9 are consecutive). */
function hasRun(digits: string, length: number, delta: number): boolean {
  let run = 1;
  for (let i = 1; i < digits.length; i++) {
    run = digits.charCodeAt(i) - digits.charCodeAt(i - 1) === delta ? run + 1 : 1;
    if (run >= length) return true;
  }
  return false;
}

export function categoryOf(subscriber: string): CategoryId {
  const tail4 = subscriber.slice(3);
  if (allSame(subscriber.slice(1))) return 'platinum';
  if (allSame(tail4)) return 'gold';
  const pairs = tail4[0] === tail4[1] && tail4[2] === tail4[3];
  const mirror = isPalindrome(tail4);
  const sequence = hasRun(tail4, 4, 1) || hasRun(tail4, 4, -1);
  if (pairs || mirror || sequence) return 'silver';
  if (tail4[2] === tail4[3]) return 'bronze';
  return 'free';
}

export { NUMBER_PATTERNS };
export type NumberPattern = (typeof NUMBER_PATTERNS)[number];

export function matchesPattern(subscriber: string, pattern: NumberPattern): boolean {
  const tail4 = subscriber.slice(3);
  switch (pattern) {
    case 'repeats':
      return hasRun(subscriber, 3, 0) || (tail4[0] === tail4[1] && tail4[2] === tail4[3]);
    case 'mirror':
      return (isPalindrome(tail4) && tail4[0] !== tail4[1]) || isPalindrome(subscriber) || isPalindrome(subscriber.slice(1));
    case 'sequence':
      return hasRun(subscriber, 4, 1) || hasRun(subscriber, 4, -1);
  }
}

/** `XXX-YY-YY` to `XXXYYYY`; null unless it is 7 or 9 symbols of digits, letters and wildcards (`_`, `*`, `?`, all read as `_`). */
export function normalizeMask(mask: string): string | null {
  const symbols = mask.replace(/[\s-]/g, '').toUpperCase();
  if ((symbols.length !== 7 && symbols.length !== 9) || !/^[0-9A-Z_*?]+$/.test(symbols)) return null;
  return symbols.replace(/[*?]/g, '_');
}

/**
 * A mask such as `XXX-YY-YY` over the seven subscriber digits, or over nine digits with the
 * operator code. Digits stand for themselves, `_`, `*` or `?` for any digit; the same letter is
 * the same digit and different letters are different digits. Separators are ignored.
 * The search matches masks in SQL (number-search.ts); this is the definition it is tested against.
 */
export type CompiledMask = (digits: string) => boolean;

export function compileMask(mask: string): CompiledMask | null {
  const symbols = normalizeMask(mask);
  if (!symbols) return null;
  return (digits: string) => {
    const target = digits.slice(digits.length - symbols.length);
    const bound = new Map<string, string>();
    for (let i = 0; i < symbols.length; i++) {
      const s = symbols[i];
      const d = target[i];
      if (/\d/.test(s)) {
        if (s !== d) return false;
      } else if (/[A-Z]/.test(s)) {
        const seen = bound.get(s);
        if (seen === undefined) {
          if ([...bound.values()].includes(d)) return false;
          bound.set(s, d);
        } else if (seen !== d) return false;
      }
    }
    return true;
  };
}
