import { parseDate, dateRuns } from '../numbers/date-search';
import { compileMask, type CompiledMask } from '../numbers/number-patterns';
import { dateFieldsOf, isoDate } from '../../../shared/validation';

/** What a watch looks for, as stored: a digit criterion (normalized), a category, or both. */
export interface WatchCriteria {
  id: string;
  category: string | null;
  contains: string | null;
  endsWith: string | null;
  /** Normalized: `XXXYYYY`. */
  mask: string | null;
  /** ISO: `1990-11-25`. */
  date: string | null;
}

type Bucket = Map<string, WatchCriteria[]>;

function push(map: Bucket, key: string, watch: WatchCriteria): void {
  const list = map.get(key);
  if (list) list.push(watch);
  else map.set(key, [watch]);
}

/** The places of a mask's digits (counted from the end of the national digits) and those digits, or ''. */
function fixedPart(mask: string): { places: string; digits: string } {
  let places = '';
  let digits = '';
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] >= '0' && mask[i] <= '9') {
      places += `${mask.length - i},`;
      digits += mask[i];
    }
  }
  return { places, digits };
}

/**
 * The active watches in memory, indexed so that a freed number finds the watches it may satisfy
 * with a few dozen map lookups instead of a look at every watch: an ending by each of the number's
 * endings, digits and dates by each run of its digits, a mask by the digits it fixes (the masks that
 * fix the same places share a map keyed by the number's digits there), a category alone by the
 * category. Every candidate is then checked whole against the number (`satisfies`).
 * No library indexes substring, suffix and mask queries together over a stream of documents, so
 * this is written here; it is a pure structure, rebuilt from the store (watch-service.ts).
 */
export function createWatchIndex() {
  const byEnding: Bucket = new Map();
  const byRun: Bucket = new Map();
  const byDateRun: Bucket = new Map();
  const byCategory: Bucket = new Map();
  /** places → (digits at those places → watches). */
  const byMask = new Map<string, Bucket>();
  const compiled = new Map<string, CompiledMask>();
  const dates = new Map<string, Array<{ run: string }>>();
  let size = 0;

  function runsOf(iso: string): Array<{ run: string }> {
    let runs = dates.get(iso);
    if (!runs) {
      const date = dateFieldsOf(iso);
      runs = date ? dateRuns(date) : [];
      dates.set(iso, runs);
    }
    return runs;
  }

  /** Whether the number (with its category) satisfies every criterion of the watch. */
  function satisfies(watch: WatchCriteria, msisdn: string, category: string): boolean {
    const national = msisdn.slice(4);
    if (watch.category !== null && watch.category !== category) return false;
    if (watch.contains !== null && !national.includes(watch.contains)) return false;
    if (watch.endsWith !== null && !msisdn.endsWith(watch.endsWith)) return false;
    if (watch.mask !== null) {
      let test = compiled.get(watch.mask);
      if (!test) {
        test = compileMask(watch.mask) ?? (() => false);
        compiled.set(watch.mask, test);
      }
      if (!test(national)) return false;
    }
    if (watch.date !== null) {
      const subscriber = msisdn.slice(-7);
      if (!runsOf(watch.date).some(({ run }) => subscriber.includes(run))) return false;
    }
    return true;
  }

  return {
    get size() {
      return size;
    },
    add(watch: WatchCriteria): void {
      size += 1;
      if (watch.endsWith !== null) push(byEnding, watch.endsWith, watch);
      else if (watch.contains !== null) push(byRun, watch.contains, watch);
      // Every date form of six digits holds one of four (DDMMYY holds DDMM, YYMMDD holds MMDD):
      // the four-digit runs find every number a date may match.
      else if (watch.date !== null) {
        for (const { run } of runsOf(watch.date)) if (run.length === 4) push(byDateRun, run, watch);
      } else if (watch.mask !== null) {
        const { places, digits } = fixedPart(watch.mask);
        let bucket = byMask.get(places);
        if (!bucket) byMask.set(places, (bucket = new Map()));
        push(bucket, digits, watch);
      } else if (watch.category !== null) push(byCategory, watch.category, watch);
    },
    /** The watches the number satisfies, each once. */
    match(msisdn: string, category: string): WatchCriteria[] {
      const national = msisdn.slice(4);
      const subscriber = national.slice(-7);
      const candidates = new Set<WatchCriteria>();
      const take = (list: WatchCriteria[] | undefined) => {
        if (list) for (const watch of list) candidates.add(watch);
      };
      for (let length = 1; length <= national.length; length++) take(byEnding.get(national.slice(-length)));
      for (let from = 0; from < national.length; from++)
        for (let to = from + 1; to <= national.length; to++) take(byRun.get(national.slice(from, to)));
      for (let from = 0; from + 4 <= subscriber.length; from++) take(byDateRun.get(subscriber.slice(from, from + 4)));
      for (const [places, bucket] of byMask) {
        let digits = '';
        if (places) for (const place of places.slice(0, -1).split(',')) digits += national[national.length - Number(place)];
        take(bucket.get(digits));
      }
      take(byCategory.get(category));
      return [...candidates].filter((watch) => satisfies(watch, msisdn, category));
    },
  };
}

export type WatchIndex = ReturnType<typeof createWatchIndex>;

/** A date as typed to its ISO form, or null when it is not one (the search's own reading, date-search.ts). */
export function watchDate(text: string): string | null {
  const date = parseDate(text);
  return date ? isoDate(date) : null;
}
