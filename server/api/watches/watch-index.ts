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
 * category.
 * No library indexes substring, suffix and mask queries together over a stream of documents, so
 * this is written here; it is a pure structure, rebuilt from the store (watch-service.ts).
 */
export function createWatchIndex() {
  const byEnding: Bucket = new Map();
  const byRun: Bucket = new Map();
  const byDateRun: Bucket = new Map();
  const byCategory: Bucket = new Map();
  /** places → (digits at those places → (mask → watches)): each distinct mask is checked once per number. */
  const byMask = new Map<string, { places: number[]; bucket: Map<string, Bucket> }>();
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

  function maskOf(mask: string): CompiledMask {
    let test = compiled.get(mask);
    if (!test) {
      test = compileMask(mask) ?? (() => false);
      compiled.set(mask, test);
    }
    return test;
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
        let entry = byMask.get(places);
        if (!entry) byMask.set(places, (entry = { places: places.split(',').filter(Boolean).map(Number), bucket: new Map() }));
        const bucket = entry.bucket;
        let masks = bucket.get(digits);
        if (!masks) bucket.set(digits, (masks = new Map()));
        push(masks, watch.mask, watch);
      } else if (watch.category !== null) push(byCategory, watch.category, watch);
    },
    /**
     * The watches the number satisfies, each once. A hit under an ending, a run or a date's
     * four-digit run is a match by itself (every six-digit form holds a four-digit one), and a
     * mask is checked once for all its watches: what is left of each watch is its category.
     */
    match(msisdn: string, category: string): WatchCriteria[] {
      const national = msisdn.slice(4);
      const subscriber = national.slice(-7);
      const found: WatchCriteria[] = [];
      const take = (list: WatchCriteria[] | undefined) => {
        if (list) for (const watch of list) if (watch.category === null || watch.category === category) found.push(watch);
      };
      for (let length = 1; length <= national.length; length++) take(byEnding.get(national.slice(-length)));
      // A run the number holds twice is one match.
      const runs = new Set<string>();
      for (let from = 0; from < national.length; from++)
        for (let to = from + 1; to <= national.length; to++) runs.add(national.slice(from, to));
      for (const run of runs) take(byRun.get(run));
      // A date may hold by two of its runs (DDMM and YYYY): one match.
      const dated = new Set<WatchCriteria>();
      for (let from = 0; from + 4 <= subscriber.length; from++)
        for (const watch of byDateRun.get(subscriber.slice(from, from + 4)) ?? []) dated.add(watch);
      take([...dated]);
      for (const { places, bucket } of byMask.values()) {
        let digits = '';
        for (const place of places) digits += national[national.length - place];
        for (const [mask, watches] of bucket.get(digits) ?? []) if (maskOf(mask)(national)) take(watches);
      }
      take(byCategory.get(category));
      return found;
    },
  };
}

export type WatchIndex = ReturnType<typeof createWatchIndex>;

/** A date as typed to its ISO form, or null when it is not one (the search's own reading, date-search.ts). */
export function watchDate(text: string): string | null {
  const date = parseDate(text);
  return date ? isoDate(date) : null;
}
