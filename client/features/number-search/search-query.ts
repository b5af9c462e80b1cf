import { dateFieldsOf } from '../../../shared/validation';
import type { CategoryId, NumberPattern, NumberSearch } from '../../../shared/api-types';
import { CATEGORY_IDS, NUMBER_PATTERNS, NUMBER_SORTS } from '../../../shared/contract/values';
import { deepestPage } from '../../../shared/contract/search-depth';

export const PAGE_SIZE = 24;
/** The largest page the API takes even as a label (a page reached by cursor); a larger one is clamped. */
export const MAX_PAGE = 100_000;
/** The last page a page number alone reaches (page × PAGE_SIZE within NUMBER_SEARCH_DEPTH); past it, only "Next" goes on. */
export const DEEPEST_PAGE = deepestPage(PAGE_SIZE);

/** The filters as the form shows them (strings; empty = not set). */
export interface NumberFilters {
  category: CategoryId | '';
  /** Digits the number contains; `digits` in the page's URL and form. */
  digits: string;
  endsWith: string;
  mask: string;
  /** A date (25.11.1990): the date field, or a date typed into the digits field. */
  date: string;
  pattern: NumberPattern | '';
  sort: (typeof NUMBER_SORTS)[number] | '';
  page: number;
  /**
   * Where the page starts: the API's `nextCursor` of the page before (`after` in the URL), so
   * following "Next" never repeats or skips a number while others are reserved; '' when the
   * page was asked for by its number alone.
   */
  after: string;
}

/** The API's cursor: the price and the number (without '+') of the last number of the page before. */
const CURSOR = /^\d{1,15}_998\d{9}$/;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** Digits only, at most `max` of them: whatever else was typed is dropped, never an error. */
function digits(value: string | null, max: number): string {
  return (value ?? '').replace(/\D/g, '').slice(0, max);
}

/**
 * The page's query read leniently (a loader never throws on a bad query): unknown values are
 * ignored, digits kept, the page clamped. The mask goes to the API as typed (trimmed): the API
 * knows its grammar and says what is wrong with it.
 */
export function filtersFromQuery(search: URLSearchParams): NumberFilters {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const typed = (search.get('digits') ?? '').trim();
  // Digits with dots, slashes or dashes between day, month and year are a date: searched as one.
  const typedDate = dateFieldsOf(typed) ? typed : '';
  return {
    category: pick(search.get('category'), CATEGORY_IDS),
    digits: typedDate ? '' : digits(typed, 7),
    date: (search.get('date') ?? '').trim().slice(0, 20) || typedDate,
    endsWith: digits(search.get('endsWith'), 7),
    mask: (search.get('mask') ?? '').trim().slice(0, 20),
    pattern: pick(search.get('pattern'), NUMBER_PATTERNS),
    sort: pick(search.get('sort'), NUMBER_SORTS),
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
    after: CURSOR.test(search.get('after') ?? '') ? search.get('after')! : '',
  };
}

/** A page asked for by its number past the deepest one the API lists that way: the page says so instead of searching. */
export function tooDeep(filters: NumberFilters): boolean {
  return !filters.after && filters.page > DEEPEST_PAGE;
}

/** The API query of the filters (only what is set). */
export function apiSearch(filters: NumberFilters): NumberSearch {
  const query: NumberSearch = { page: filters.page, pageSize: PAGE_SIZE };
  if (filters.category) query.category = filters.category;
  if (filters.digits) query.contains = filters.digits;
  if (filters.endsWith) query.endsWith = filters.endsWith;
  if (filters.mask) query.mask = filters.mask;
  if (filters.date) query.date = filters.date;
  if (filters.pattern) query.pattern = filters.pattern;
  if (filters.sort) query.sort = filters.sort;
  if (filters.after) query.cursor = filters.after;
  return query;
}

const FILTER_KEYS = ['category', 'digits', 'endsWith', 'mask', 'date', 'pattern', 'sort'] as const;
/** A filter the URL can carry: each is a field of the form. */
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters as URL query values for links (pagination), without the page or where it starts. */
export function filterQuery(filters: NumberFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    if (filters[key]) query[key] = filters[key];
  }
  return query;
}

/** The filters set besides the digits (the search field itself): the sheet's fields, each a chip. */
export function activeFilters(filters: NumberFilters): Array<{ key: Exclude<FilterKey, 'digits'>; value: string }> {
  return FILTER_KEYS.flatMap((key) => (key !== 'digits' && filters[key] ? [{ key, value: filters[key] }] : []));
}

/** The query of the same search without one filter (from its first page). */
export function withoutFilter(filters: NumberFilters, key: FilterKey): Record<string, string> {
  const { [key]: _removed, ...rest } = filterQuery(filters);
  return rest;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
