import { dateRuns } from '../numbers/date-search';
import { categoryOf, compileMask } from '../numbers/number-patterns';
import { createPrng, intBetween, pick } from '../seed/prng';
import { dateFieldsOf } from '../../../shared/validation';
import { createWatchIndex, watchDate, type WatchCriteria } from './watch-index';

// The watch index against a plain reference: every watch checked against every number, as the
// visitor was promised (the search's own definitions of a mask, digits, an ending and a date).
// 3,000 random watches of every kind, 1,000 random numbers, some made to match.

const random = createPrng(33);
const digits = (length: number) => Array.from({ length }, () => String(intBetween(random, 0, 9))).join('');
const CODES = ['33', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99', '20'];
const numbers = Array.from({ length: 1000 }, () => `+998${pick(random, CODES)}${digits(7)}`);

function randomWatch(i: number): WatchCriteria {
  const number = pick(random, numbers);
  const national = number.slice(4);
  const watch: WatchCriteria = { id: `w${i}`, category: null, contains: null, endsWith: null, mask: null, date: null };
  const kind = pick(random, ['contains', 'endsWith', 'mask', 'date', 'category'] as const);
  // Half of the criteria are taken from a real number, so matches happen.
  const real = random() < 0.5;
  if (kind === 'contains') {
    const length = intBetween(random, 2, 7);
    const at = intBetween(random, 0, 9 - length);
    watch.contains = real ? national.slice(at, at + length) : digits(length);
  } else if (kind === 'endsWith') watch.endsWith = real ? national.slice(-intBetween(random, 2, 9)) : digits(intBetween(random, 2, 7));
  else if (kind === 'mask') {
    const source = real ? national.slice(-7) : digits(7);
    watch.mask = [...source].map((d, p) => (random() < 0.4 ? d : random() < 0.5 ? '_' : 'XYZ'[Math.min(2, Math.floor(p / 3))])).join('');
  } else if (kind === 'date') {
    const [dd, mm] = [intBetween(random, 1, 28), intBetween(random, 1, 12)];
    watch.date = watchDate(`${String(dd).padStart(2, '0')}.${String(mm).padStart(2, '0')}.${intBetween(random, 1950, 2020)}`);
  }
  if (kind === 'category' || random() < 0.2) watch.category = pick(random, ['free', 'bronze', 'silver', 'gold', 'platinum']);
  return watch;
}

const compiled = new Map<string, (digits: string) => boolean>();
function reference(watch: WatchCriteria, msisdn: string, category: string): boolean {
  const national = msisdn.slice(4);
  if (watch.category && watch.category !== category) return false;
  if (watch.contains && !national.includes(watch.contains)) return false;
  if (watch.endsWith && !msisdn.endsWith(watch.endsWith)) return false;
  if (watch.mask) {
    if (!compiled.has(watch.mask)) compiled.set(watch.mask, compileMask(watch.mask)!);
    if (!compiled.get(watch.mask)!(national)) return false;
  }
  if (watch.date && !dateRuns(dateFieldsOf(watch.date)!).some(({ run }) => national.slice(-7).includes(run))) return false;
  return true;
}

describe('the watch index', () => {
  it('finds for each number exactly the watches a check of every watch finds', () => {
    const watches = Array.from({ length: 3000 }, (_, i) => randomWatch(i));
    const index = createWatchIndex();
    for (const watch of watches) index.add(watch);
    expect(index.size).toBe(3000);
    let matched = 0;
    for (const msisdn of numbers) {
      const category = categoryOf(msisdn.slice(-7));
      const expected = watches.filter((watch) => reference(watch, msisdn, category)).map((watch) => watch.id);
      const found = index
        .match(msisdn, category)
        .map((watch) => watch.id)
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      expect({ msisdn, found }).toEqual({ msisdn, found: expected });
      matched += expected.length;
    }
    // The comparison means something: many numbers satisfy some watch, of every kind.
    expect(matched).toBeGreaterThan(500);
  });
});
