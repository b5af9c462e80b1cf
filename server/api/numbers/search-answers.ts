import { LRUCache } from 'lru-cache';
import type { NumberList, PhoneNumber } from '../../../shared/api-types';
import type { Db } from '../store/database';
import { keysAfter, searchCopy } from './copy-search';
import { dateMatches, dateRuns, matchedForm, type DateForm } from './date-search';
import { createNearMatches, wishOf } from './near-matches';
import { createNumberSearch, encodeCursor, EXACT_TOTAL_LIMIT, sameState, type SearchState } from './number-search';
import { toPhoneNumber, type NumberRow } from './number-store';
import { createPageStarts } from './page-start';
import { createSaleCopy } from './sale-copy';
import type { SearchInput } from './search-input';
import type { SearchFilters, SearchKey } from './search-plan';

// The latest lot is looked up only for a number on auction (the only one whose lot the API shows).
export const SELECT_NUMBER = `SELECT n.*, CASE WHEN n.status = 'auction'
  THEN (SELECT l.id FROM auction_lots l WHERE l.number_id = n.id ORDER BY l.starts_at DESC LIMIT 1) END AS lot_id FROM numbers n`;

/**
 * The answers of GET /numbers for checked queries (search-input.ts): the number search or the
 * date search, the answer kept while the store's state holds. Each search thread has its own
 * (search-worker.ts), on its own read-only connection: every answer is read in one transaction,
 * so it is one snapshot of the store, whatever other threads and processes write meanwhile.
 */
export function createSearchAnswers(db: Db, { logError }: { logError: (message: string, error: unknown) => void }) {
  const search = createNumberSearch(db);
  const starts = createPageStarts(search);
  const saleCopy = createSaleCopy(db, { logError });
  const near = createNearMatches(saleCopy);
  const someNumbers = db.prepare(`${SELECT_NUMBER} WHERE n.msisdn IN (SELECT value FROM json_each(?))`);
  /** The numbers a search found, as the API shows them now, in the order given: one read for a page. */
  function numbersNow(msisdns: readonly string[], now: number): PhoneNumber[] {
    if (msisdns.length === 0) return [];
    const rows = new Map((someNumbers.all(JSON.stringify(msisdns)) as NumberRow[]).map((row) => [row.msisdn, row]));
    return msisdns.map((msisdn) => toPhoneNumber(rows.get(msisdn)!, now));
  }
  // Answers of the number search, each kept with the state it was made in and given again only
  // while that state holds (no number stored or sold, no hold taken or released, none lapsed, no
  // lot listed): never a taken number, and the home page's six numbers cost one small read, not a
  // walk of the catalogue. Read from the store each time, so every thread and process sees the
  // others' writes. Each answer leaves the thread as a copy (structured clone): no reader shares it.
  const searchAnswers = new LRUCache<string, { state: SearchState; answer: NumberList }>({ max: 500 });

  function searchNumbers({ filters, sort, page, pageSize, offset, cursor }: SearchInput, now: number, state: SearchState): NumberList {
    // The numbers held now, read once for the request when the copy is used at all.
    let held: ReadonlySet<string> | undefined;
    const heldNow = () => (held ??= saleCopy.heldNow(now));
    // A narrow digit search of the numbers for sale: every match from the in-memory copy.
    const copied = searchCopy(() => saleCopy.current(now), filters, sort, heldNow);
    let found: SearchKey[];
    let counted: { total: number; exact: boolean };
    if (copied) {
      found = (cursor ? keysAfter(copied, sort, cursor) : copied.slice(offset)).slice(0, pageSize + 1);
      counted = copied.length > EXACT_TOTAL_LIMIT ? { total: EXACT_TOTAL_LIMIT, exact: false } : { total: copied.length, exact: true };
    } else {
      // A cursor seeks straight to its page; a page number starts after the match SQLite counts to.
      const from = cursor ? { key: cursor, skipped: 0 } : starts.after(filters, sort, offset, now, state);
      found = !cursor && from.skipped < offset ? [] : search.keys(filters, sort, from.key, pageSize + 1, now);
      // A walk from the start that ran out before its limit saw every match: that is the total,
      // counted already (the common case of a narrow wish, whose near matches follow).
      counted = !cursor && found.length <= pageSize ? { total: from.skipped + found.length, exact: true } : search.total(filters, now);
    }
    const pageKeys = found.slice(0, pageSize);
    const { total, exact } = counted;
    const items = numbersNow(
      pageKeys.map((key) => key.msisdn),
      now,
    );
    const answer: NumberList = {
      items,
      page,
      pageSize,
      total,
      totalExact: exact,
      nextCursor: found.length > pageSize ? encodeCursor(pageKeys[pageKeys.length - 1]) : null,
    };
    // Fewer than a page of what was wished for: the closest numbers for sale beside it.
    const wish = !cursor && page === 1 && items.filter((item) => item.available).length < pageSize ? wishOf(filters) : null;
    if (wish) {
      // The copy is current at this very call (sale-copy.ts) and held numbers are left out: each
      // match is a number for sale now, shown from the copy without reading it again.
      answer.nearMatches = near.find(wish, pageSize, now, filters.category, heldNow()).map(({ msisdn, price, category, differs }) => ({
        ...toPhoneNumber({ msisdn, price, category, status: 'free', held_until: null }, now),
        differs,
      }));
    }
    return answer;
  }

  /**
   * A date search: the numbers whose subscriber digits hold one of the date's runs, ranked by the
   * run (longer first), then by price; each number once, under the longest run it holds; counted
   * up to EXACT_TOTAL_LIMIT + 1, so a page, its total and its cursor come from one ranked list.
   * The numbers for sale come from the in-memory copy (date-search.ts `dateMatches`); with
   * unavailable numbers or a pattern asked for too, each run is a `contains` search of the index.
   */
  function searchDate({ filters, page, pageSize, offset, cursor, date }: SearchInput, now: number): NumberList {
    const runs = dateRuns(date!);
    const ranked =
      filters.all || filters.pattern
        ? dateByIndex(filters, runs, now)
        : dateMatches(saleCopy.current(now), runs, {
            category: filters.category,
            held: saleCopy.heldNow(now),
            cap: EXACT_TOTAL_LIMIT + 1,
          });
    const exact = ranked.length <= EXACT_TOTAL_LIMIT;
    const from = cursor ? ranked.findIndex(({ key }) => key.msisdn === cursor.msisdn) + 1 : offset;
    const pageOf = ranked.slice(from, from + pageSize);
    return {
      items: numbersNow(
        pageOf.map(({ key }) => key.msisdn),
        now,
      ).map((number, i) => ({ ...number, dateForm: pageOf[i].form })),
      page,
      pageSize,
      total: Math.min(ranked.length, EXACT_TOTAL_LIMIT),
      totalExact: exact,
      nextCursor: from + pageSize < ranked.length && pageOf.length > 0 ? encodeCursor(pageOf[pageOf.length - 1].key) : null,
    };
  }

  /** The date's runs through the digit search's own index (a `contains` of each run), in chunks. */
  function dateByIndex(filters: SearchFilters, runs: ReturnType<typeof dateRuns>, now: number) {
    const ranked: Array<{ key: SearchKey; form: DateForm }> = [];
    const CHUNK = 200;
    for (const { form, run } of runs) {
      const byRun: SearchFilters = { ...filters, contains: run, endsWith: null, mask: null };
      let start: SearchKey | null = null;
      while (ranked.length <= EXACT_TOTAL_LIMIT) {
        const chunk = search.keys(byRun, 'price_asc', start, CHUNK, now);
        for (const key of chunk) if (matchedForm(key.msisdn, runs) === form) ranked.push({ key, form });
        if (chunk.length < CHUNK) break;
        start = chunk[chunk.length - 1];
      }
    }
    return ranked;
  }

  /** The answer to a checked query at `now`, read in one transaction (one snapshot of the store). */
  const answer = db.transaction((input: SearchInput, now: number): NumberList => {
    const kept = searchAnswers.get(input.key);
    const state = search.stateOf(now);
    if (kept && sameState(kept.state, state, now)) return kept.answer;
    const made = input.date ? searchDate(input, now) : searchNumbers(input, now, state);
    searchAnswers.set(input.key, { state, answer: made });
    return made;
  });

  return {
    answer: (input: SearchInput, now: number): NumberList => answer(input, now),
    /** Reads the in-memory copy of the numbers for sale (sale-copy.ts), before the first search needs it. */
    warm: (now: number) => saleCopy.warm(now),
  };
}
