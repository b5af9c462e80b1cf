/** Page numbers of the news list: `?page=` from the address bar, read forgivingly. */

export const NEWS_PAGE_SIZE = 6;
/** The API refuses pages above this; nobody will ever page that far. */
export const MAX_NEWS_PAGE = 100_000;

/** Garbage, zero, negative or missing: page 1. Too large: the highest page the API accepts. */
export function parseNewsPage(value: string | null | undefined): number {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  if (!Number.isSafeInteger(page) || page < 1) return page > 0 ? MAX_NEWS_PAGE : 1;
  return Math.min(page, MAX_NEWS_PAGE);
}

export function lastNewsPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * The page links to show: all of them when few, else the first, the last and the neighbours of
 * the current one, with `null` for a gap.
 */
export function pageLinks(current: number, last: number): Array<number | null> {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const pages = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const page of pages) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && page - previous > 1) out.push(page - previous === 2 ? previous + 1 : null);
    out.push(page);
  }
  return out;
}
