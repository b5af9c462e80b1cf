import { LRUCache } from 'lru-cache';
import { SITE_QUERY_PARAMS } from '../shared/paths';

/**
 * A few seconds of memory for rendered pages (a "microcache"). Every visitor gets the same HTML
 * for a URL (their own state is filled in after hydration), so a busy page is rendered once per
 * interval instead of once per request. Each response still gets its own CSP nonce: the stored
 * page remembers the nonce it was rendered with, and it is swapped for the new one.
 */
export interface CachedPage {
  status: number;
  html: string;
  nonce: string;
}

/** 32 MB of pages by default (PAGE_CACHE_MAX_MB): a few hundred pages of 24 to 100 kB. */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export class PageCache {
  // Least recently used out first, bounded by the bytes of the pages it holds (lru-cache), so
  // neither many URLs nor large pages can grow the process.
  private readonly entries: LRUCache<string, CachedPage> | null;
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly ttlMs: number,
    readonly maxBytes = DEFAULT_PAGE_CACHE_BYTES,
    now: () => number = () => performance.now(),
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, CachedPage>({
            ttl: ttlMs,
            maxSize: maxBytes,
            // UTF-16 in memory: two bytes a character, plus the key.
            sizeCalculation: (page, key) => 2 * (page.html.length + key.length) + 64,
            perf: { now },
            // Read the clock on every lookup (no cached reading): an expired page is never served.
            ttlResolution: 0,
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  get(key: string): CachedPage | null {
    return this.entries?.get(key) ?? null;
  }

  set(key: string, page: CachedPage): void {
    // A page larger than the whole cache is simply not kept.
    this.entries?.set(key, { status: page.status, html: page.html, nonce: page.nonce });
  }

  /**
   * The render of `key` under way, if any. Requests that arrive meanwhile wait for its page
   * instead of rendering the same page again: when an entry expires under load, one request
   * renders and the others are served its result (no stampede).
   */
  pending(key: string): Promise<CachedPage | null> | null {
    return this.inflight.get(key) ?? null;
  }

  /**
   * Marks `key` as being rendered. The returned function ends that with the page (stored and
   * handed to the waiting requests) or with null (not kept: they render for themselves); only
   * its first call counts.
   */
  begin(key: string): (page: CachedPage | null) => void {
    if (!this.enabled) return () => undefined;
    let resolve!: (page: CachedPage | null) => void;
    const flight = new Promise<CachedPage | null>((done) => (resolve = done));
    this.inflight.set(key, flight);
    let ended = false;
    return (page) => {
      if (ended) return;
      ended = true;
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
      if (page) this.set(key, page);
      resolve(page);
    };
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** What the kept pages weigh, as counted against maxBytes. */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}

/** The stored page with a new nonce in every place the old one stood. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.html.split(page.nonce).join(nonce);
}

const SITE_PARAMS = new Set<string>(SITE_QUERY_PARAMS);

/**
 * The URL a page is rendered and kept for: its path and only the query parameters the site reads
 * (SITE_QUERY_PARAMS), in their order. Tracking (`utm_*`, `fbclid`, `gclid`, `yclid`, …) and
 * any junk parameter change nothing on a page, so they neither make a new cache entry (a flood of
 * unique query strings is one entry) nor reach the rendered HTML.
 */
export function pageUrl(originalUrl: string): string {
  const index = originalUrl.indexOf('?');
  if (index === -1) return originalUrl;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(originalUrl.slice(index + 1))) if (SITE_PARAMS.has(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${originalUrl.slice(0, index)}?${query}` : originalUrl.slice(0, index);
}
