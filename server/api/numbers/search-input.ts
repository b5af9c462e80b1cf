import { deepestPage, NUMBER_SEARCH_DEPTH } from '../../../shared/contract';
import type { ReadQuery } from '../../../shared/reads';
import type { CalendarDate } from '../../../shared/validation';
import { badRequest } from '../http/api-error';
import { pageOf } from '../http/input';
import { parseDate } from './date-search';
import { decodeCursor } from './number-search';
import { normalizeMask } from './number-patterns';
import type { SearchFilters, SearchKey, SearchSort } from './search-plan';

/**
 * A query of GET /numbers checked and taken apart, as the search (search-answers.ts) takes it: a
 * plain value, so it crosses to the search's worker thread (search-pool.ts) as it is. Every
 * refusal (400 naming the field) is made here, on the request's own thread, before any search.
 */
export interface SearchInput {
  /** The query as the kept answers are keyed by. */
  key: string;
  filters: SearchFilters;
  sort: SearchSort;
  page: number;
  pageSize: number;
  offset: number;
  cursor: SearchKey | null;
  date: CalendarDate | null;
}

/**
 * The query checked: a page asked for by its number ends within the first NUMBER_SEARCH_DEPTH
 * results, else 400 `page_too_deep` (deeper pages are reached by `cursor`, which seeks straight to
 * its page at any depth); a mask, a cursor and a date each of a shape the search knows.
 */
export function checkSearch(q: ReadQuery<'numbers'>): SearchInput {
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
  const { page, pageSize, offset } = pageOf(q, 20);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (q.cursor && !cursor) throw badRequest('invalid_field', 'cursor');
  if (!cursor && page > deepestPage(pageSize)) throw badRequest('page_too_deep', 'page', { max: NUMBER_SEARCH_DEPTH });
  const date = q.date === undefined ? null : parseDate(q.date);
  if (q.date !== undefined && !date) throw badRequest('invalid_date', 'date');
  return { key: JSON.stringify([q, mask]), filters, sort: q.sort ?? 'price_asc', page, pageSize, offset, cursor, date };
}
