import { LRUCache } from 'lru-cache';
import type { NumberList, PhoneNumber } from '../../../shared/api-types';
import { deepestPage, NUMBER_SEARCH_DEPTH } from '../../../shared/contract';
import type { ReadQuery } from '../../../shared/reads';
import { deepFreeze } from '../../../shared/deep-freeze';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { pageOf } from '../http/input';
import { keysAfter, searchCopy } from './copy-search';
import { dateMatches, dateRuns, matchedForm, parseDate, type DateForm } from './date-search';
import { createNearMatches, wishOf } from './near-matches';
import { createNumberSearch, decodeCursor, encodeCursor, EXACT_TOTAL_LIMIT, sameState, type SearchState } from './number-search';
import { normalizeMask } from './number-patterns';
import { toPhoneNumber, type NumberRow } from './number-store';
import { createPageStarts } from './page-start';
import { createSaleCopy } from './sale-copy';
import type { SearchFilters, SearchKey } from './search-plan';

// The latest lot is looked up only for a number on auction (the only one whose lot the API shows).
export const SELECT_NUMBER = `SELECT n.*, CASE WHEN n.status = 'auction'
  THEN (SELECT l.id FROM auction_lots l WHERE l.number_id = n.id ORDER BY l.starts_at DESC LIMIT 1) END AS lot_id FROM numbers n`;

/**
 * GET /numbers as number-reads.ts serves it: the query checked (a page asked for by its number
 * ends within the first NUMBER_SEARCH_DEPTH results, else 400 `page_too_deep`: deeper pages are
 * reached by `cursor`), then the number search or the date search, the answer kept while the
 * store's state holds.
 */
export function createNumberSearchReads(ctx: ApiContext) {
  const search = createNumberSearch(ctx.db);
  const starts = createPageStarts(search);
  const saleCopy = createSaleCopy(ctx.db, { logError: (message, error) => ctx.logError(message, error) });
  // Read before the first search needs it, in batches (sale-copy.ts): the API is ready after it.
  ctx.warmUp(saleCopy.warm(ctx.now()));
  const near = createNearMatches(saleCopy);
  const someNumbers = ctx.db.prepare(`${SELECT_NUMBER} WHERE n.msisdn IN (SELECT value FROM json_each(?))`);
  /** The numbers a search found, as the API shows them now, in the order given: one read for a page. */
  function numbersNow(msisdns: readonly string[], now: number): PhoneNumber[] {
    if (msisdns.length === 0) return [];
    const rows = new Map((someNumbers.all(JSON.stringify(msisdns)) as NumberRow[]).map((row) => [row.msisdn, row]));
    return msisdns.map((msisdn) => toPhoneNumber(rows.get(msisdn)!, now));
  }
  // Answers of the number search, each kept with the state it was made in and given again only
  // while that state holds (no number stored or sold, no hold taken or released, none lapsed, no
  // lot listed): never a taken number, and the home page's six numbers cost one small read, not a
  // walk of the catalogue. Read from the store each time, so every worker sees the others' writes.
  // Frozen: one answer goes to many readers.
  const searchAnswers = new LRUCache<string, { state: SearchState; answer: NumberList }>({ max: 500 });

  function searchNumbers(
    filters: SearchFilters,
    sort: 'price_asc' | 'price_desc',
    page: number,
    pageSize: number,
    offset: number,
    cursor: ReturnType<typeof decodeCursor>,
    now: number,
    state: SearchState,
  ): NumberList {
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
  function searchDate(
    filters: SearchFilters,
    runs: ReturnType<typeof dateRuns>,
    page: number,
    pageSize: number,
    offset: number,
    cursor: ReturnType<typeof decodeCursor>,
    now: number,
  ): NumberList {
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

  /** The search for a checked query. */
  function numbers(q: ReadQuery<'numbers'>): NumberList {
    const mask = q.mask ? normalizeMask(q.mask) : null;
    if (q.mask && !mask) throw badRequest('invalid_mask', 'mask');
    const filters: SearchFilters = {
      category: q.category ?? null,
      contains: q.contains ?? null,
      endsWith: q.endsWith ?? null,
      mask,
      pattern: q.pattern ?? null,
      all: q.includeUnavailable ?? false,
    };
    const sort = q.sort ?? 'price_asc';
    const { page, pageSize, offset } = pageOf(q, 20);
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw badRequest('invalid_field', 'cursor');
    // A page by its number costs its offset; one by cursor seeks straight to it, at any depth.
    if (!cursor && page > deepestPage(pageSize)) throw badRequest('page_too_deep', 'page', { max: NUMBER_SEARCH_DEPTH });
    const now = ctx.now();
    const date = q.date === undefined ? null : parseDate(q.date);
    if (q.date !== undefined && !date) throw badRequest('invalid_date', 'date');
    const key = JSON.stringify([q, mask]);
    const kept = searchAnswers.get(key);
    const state = search.stateOf(now);
    if (kept && sameState(kept.state, state, now)) return kept.answer;
    const answer = deepFreeze(
      date
        ? searchDate(filters, dateRuns(date), page, pageSize, offset, cursor, now)
        : searchNumbers(filters, sort, page, pageSize, offset, cursor, now, state),
    );
    searchAnswers.set(key, { state, answer });
    return answer;
  }

  return { numbers, availableByCategory: search.availableByCategory };
}
