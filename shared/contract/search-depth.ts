/**
 * How deep the number search pages by page number: `page × pageSize` at most this, so a page
 * asked for by its number ends within the first 10,000 results (else 400 `page_too_deep` on
 * `page`). A page by number costs the results before it; a page by `cursor` (the previous page's
 * `nextCursor`) seeks straight to its place, at any depth. Without zod, so the site's pager
 * (client/pages/numbers/) reads the same bound.
 */
export const NUMBER_SEARCH_DEPTH = 10_000;

/** The last page a search may ask for by its number at this page size. */
export function deepestPage(pageSize: number): number {
  return Math.max(1, Math.floor(NUMBER_SEARCH_DEPTH / pageSize));
}
