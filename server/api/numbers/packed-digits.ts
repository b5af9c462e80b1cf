/**
 * The seven subscriber digits of a number packed one nibble a place, the two sorted orders of
 * them the sale copy looks patterns up in, and the patterns themselves with what a lookup costs.
 */

/** The subscriber digits the copy keeps of each number: the last seven of the nine after +998. */
export const SUBSCRIBER_DIGITS = 7;

const ROW_BITS = 2 ** 22;

/** The place of digit `place` (0–6) in a packed number: place 0 in the highest nibble. */
export const shiftOf = (place: number) => 4 * (SUBSCRIBER_DIGITS - 1 - place);

/** The seven subscriber digits of an msisdn, one nibble each (place 0 highest). */
export function packSubscriber(msisdn: string): number {
  let packed = 0;
  const subscriber = msisdn.slice(-SUBSCRIBER_DIGITS);
  for (let p = 0; p < SUBSCRIBER_DIGITS; p++) packed |= (subscriber.charCodeAt(p) - 48) << shiftOf(p);
  return packed;
}

/** The same digits in the opposite order (place 6 highest): a pattern free at its start is a range in this order. */
function reversePacked(x: number): number {
  let r = 0;
  for (let p = 0; p < SUBSCRIBER_DIGITS; p++) r |= ((x >>> shiftOf(p)) & 0xf) << shiftOf(SUBSCRIBER_DIGITS - 1 - p);
  return r;
}

/** Numbers sorted by their packed digits (as a key), with the row each key belongs to. */
export interface DigitOrder {
  keys: Int32Array;
  rows: Int32Array;
  /** Where the keys of each value of the top DIRECTORY_BITS bits start: a lookup is one step and a short walk, not a binary search. */
  directory: Int32Array;
}

/** The packed digits are 28 bits; the directory is indexed by the top 20 (about one key a slot at a million numbers). */
const DIRECTORY_SHIFT = 8;

export function digitOrder(packed: Int32Array, count: number, reversed: boolean): DigitOrder {
  // One float per number (its key above, its row below), sorted natively: the keys' order,
  // and among equal keys the rows' (the catalogue's) order.
  const both = new Float64Array(count);
  for (let i = 0; i < count; i++) both[i] = (reversed ? reversePacked(packed[i]) : packed[i]) * ROW_BITS + i;
  both.sort();
  const keys = new Int32Array(count);
  const rows = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const row = both[i] % ROW_BITS;
    rows[i] = row;
    keys[i] = (both[i] - row) / ROW_BITS;
  }
  const slots = (1 << (4 * SUBSCRIBER_DIGITS - DIRECTORY_SHIFT)) + 1;
  const directory = new Int32Array(slots);
  let at = 0;
  for (let slot = 0; slot < slots; slot++) {
    while (at < count && keys[at] >>> DIRECTORY_SHIFT < slot) at++;
    directory[slot] = at;
  }
  return { keys, rows, directory };
}

/** The first index of the order's keys at or above `value`. */
export function lowerBound(order: DigitOrder, value: number): number {
  let i = order.directory[value >>> DIRECTORY_SHIFT];
  while (i < order.keys.length && order.keys[i] < value) i++;
  return i;
}

/**
 * A pattern over the seven subscriber digits: a digit at some places, any digit (null) at the
 * others. `patternCost` is how many sorted-range lookups it takes.
 */
export type DigitPattern = ReadonlyArray<number | null>;

export function leadingFree(pattern: DigitPattern): number {
  let n = 0;
  while (n < pattern.length && pattern[n] === null) n++;
  return n;
}

export function trailingFree(pattern: DigitPattern): number {
  let n = 0;
  while (n < pattern.length && pattern[pattern.length - 1 - n] === null) n++;
  return n;
}

/** The lookups a pattern takes: 10 for each free place not in the free run at one end or the other. */
export function patternCost(pattern: DigitPattern): number {
  const free = pattern.filter((d) => d === null).length;
  if (free === SUBSCRIBER_DIGITS) return Infinity;
  return 10 ** (free - Math.max(leadingFree(pattern), trailingFree(pattern)));
}

/** The two digits after +998 (the operator code) and the seven subscriber digits, back as an msisdn. */
export function msisdnFrom(code: number, packed: number): string {
  let digits = '';
  for (let p = 0; p < SUBSCRIBER_DIGITS; p++) digits += (packed >>> shiftOf(p)) & 0xf;
  return `+998${code < 10 ? '0' : ''}${code}${digits}`;
}
