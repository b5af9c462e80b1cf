import { LRUCache } from 'lru-cache';
import { within } from '../../../shared/within';
import { isBot } from '../http/bots';
import type { SiteMetrics } from '../../process/metrics';
import type { RenderDocument, RenderedDocument } from './rendered-document';
import { servedPage, storePage, type RenderedCopy, type StoredPage } from './stored-page';
import { SharedChecks } from './page-checks';
import { keepCopy, missed, wholeFirst } from './page-copy';

/**
 * The page store: a page is rendered once per change of what it shows. Every visitor gets the
 * same HTML for a URL (their own state is filled in after hydration), so a rendered page is kept
 * and served as stored (server/site/render/stored-page.ts) while every piece of data its render
 * read still has the version the render saw, and the clock has not passed the moment that data
 * changes by itself (a hold lapsing, a lot closing). No time-to-live decides correctness: the
 * first request after a change, in any worker or process on the same store, renders the page again.
 *
 * Pages read from an external operator API (API_BASE_URL) are checked with the API's own
 * validators instead: each GET of the render was recorded with the ETag of its answer, and a
 * stored page is served again only once each one answers 304 to it (or the same ETag) again
 * (`revalidate`; server/site/operator-api/read-validators.ts). A page with a read answered
 * without an ETag has nothing to compare: it is kept for PAGE_CACHE_SECONDS only.
 */

/** The versions now, from the embedded API's store: what a stored page is checked against. */
export interface DataCheck {
  version(key: string): string;
  /** The API's clock, which DataState.until is on. */
  now(): number;
}

/** Why a page was rendered for the store; `unconfirmed`: the external API could not confirm the stored page. */
export type RenderReason = 'first' | 'changed' | 'evicted' | 'unconfirmed';

/** A stored page to serve, or none and why the page is rendered. */
export type Found = { page: StoredPage; reason: null } | { page: null; reason: RenderReason };

export interface PageCacheOptions {
  /** Off: nothing is stored, every request renders. */
  enabled: boolean;
  /** How long a page without versions (an external API that sent no ETag) is kept. */
  unversionedTtlMs: number;
  maxBytes?: number;
  check?: DataCheck | null;
  now?: () => number;
}

/** 32 MB of pages by default (PAGE_CACHE_MAX_MB): a few hundred pages, each in three encodings. */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export class PageCache {
  // Least recently used out first, bounded by the bytes of the pages it holds (lru-cache), so
  // neither many URLs nor large pages can grow the process.
  private readonly entries: LRUCache<string, StoredPage> | null;
  private readonly inflight = new Map<string, Promise<StoredPage | null>>();
  // Keys whose page went for room, or went stale: the reason of their next render (bounded).
  private readonly gone = new LRUCache<string, Exclude<RenderReason, 'first'>>({ max: 10_000 });
  private readonly check: DataCheck | null;
  private readonly checks = new SharedChecks();
  readonly maxBytes: number;
  readonly unversionedTtlMs: number;
  private readonly clock: () => number;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    this.unversionedTtlMs = options.unversionedTtlMs;
    this.check = options.check ?? null;
    this.clock = options.now ?? this.check?.now ?? Date.now;
    this.entries = options.enabled
      ? new LRUCache<string, StoredPage>({
          maxSize: this.maxBytes,
          sizeCalculation: (page, key) => {
            const { identity, br, gzip } = page.bodies;
            return identity.length + br.length + gzip.length + 2 * key.length + headersLength(page.headers) + 256;
          },
          dispose: (_page, key, reason) => {
            if (reason === 'evict') this.gone.set(key, 'evicted');
          },
        })
      : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  /**
   * The stored page while it is still true, else null and why it must be rendered; with no
   * network: a page built from an external API's reads is `revalidate`d first.
   */
  lookup(key: string): Found | { page: null; reason: 'revalidate' } {
    const page = this.entries?.get(key);
    if (page) {
      const state = this.stateOf(page);
      if (state === 'true') return { page, reason: null };
      if (state === 'ask') return { page: null, reason: 'revalidate' };
      this.drop(key);
    }
    return { page: null, reason: this.gone.get(key) ?? 'first' };
  }

  /**
   * `lookup`, and for a page built from an external API's reads, their check: conditional GETs in
   * parallel, one check at a time per page, shared by the lookups that arrive meanwhile. The page
   * when every answer stands; else it is rendered, `changed` (and dropped) when one changed,
   * `unconfirmed` when the API could not say (kept for the next check, never served unconfirmed).
   */
  async revalidate(key: string): Promise<Found> {
    const found = this.lookup(key);
    if (found.reason !== 'revalidate') return found;
    const page = this.entries!.peek(key)!;
    try {
      if (await this.checks.confirm(key, page, page.validators!)) return { page, reason: null };
    } catch {
      return { page: null, reason: 'unconfirmed' };
    }
    if (this.entries?.peek(key) === page) this.drop(key);
    return { page: null, reason: 'changed' };
  }

  get(key: string): StoredPage | null {
    return this.lookup(key).page;
  }

  /** Still true, stale, or to be asked of the external API it was read from. */
  private stateOf(page: StoredPage): 'true' | 'stale' | 'ask' {
    if (this.clock() >= page.until) return 'stale';
    if (page.validators) return page.validators.reads.length > 0 ? 'ask' : 'true';
    if (page.data === null) return 'true';
    if (!this.check) return 'stale';
    for (const { key, version } of page.data) if (this.check.version(key) !== version) return 'stale';
    return 'true';
  }

  private drop(key: string): void {
    this.entries!.delete(key);
    this.gone.set(key, 'changed');
  }

  set(key: string, page: StoredPage): void {
    // A page larger than the whole store is simply not kept.
    this.entries?.set(key, page);
    this.gone.delete(key);
  }

  /** The page a render made, stored: hashes for its nonce, compressed; the clock's limit for a page without versions. */
  async keep(key: string, copy: RenderedCopy): Promise<StoredPage> {
    const unversioned = copy.data === null && !copy.validators;
    const until = unversioned ? Math.min(copy.until, this.clock() + this.unversionedTtlMs) : copy.until;
    const page = await storePage({ ...copy, until });
    this.set(key, page);
    return page;
  }

  /**
   * The render of `key` under way, if any. Requests that arrive meanwhile wait for its page
   * instead of rendering the same page again: a changed page under load is rendered by one
   * request and the others are served its result (no stampede).
   */
  pending(key: string): Promise<StoredPage | null> | null {
    return this.inflight.get(key) ?? null;
  }

  /**
   * Marks `key` as being rendered. The returned function ends that with the page's copy (stored
   * and handed to the waiting requests) or with null (not kept: they render for themselves), and
   * resolves with what was stored; only its first call counts.
   */
  begin(key: string): (copy: RenderedCopy | null) => Promise<StoredPage | null> {
    if (!this.enabled) return () => Promise.resolve(null);
    let resolve!: (page: StoredPage | null) => void;
    const flight = new Promise<StoredPage | null>((done) => (resolve = done));
    this.inflight.set(key, flight);
    let ended = false;
    const finish = (page: StoredPage | null) => {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
      resolve(page);
      return page;
    };
    return (copy) => {
      if (ended) return flight;
      ended = true;
      if (!copy) return Promise.resolve(finish(null));
      return this.keep(key, copy).then(finish, () => finish(null));
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

function headersLength(headers: Record<string, string>): number {
  let length = 0;
  for (const name in headers) length += name.length + headers[name].length;
  return length;
}

/** How long a request waits for the same page rendered for another one before rendering it itself. */
const FLIGHT_WAIT_MS = 2000;

export interface WithPageCacheOptions {
  cache: PageCache;
  metrics: SiteMetrics;
}

/** The key of a request's page: bots and browsers get differently streamed documents, so they are kept apart. */
export function pageKey(pageUrl: string, userAgent: string | null | undefined): string {
  // The URL is already the page's (pageUrl): tracking parameters make no entries of their own.
  const url = new URL(pageUrl);
  return `${isBot(userAgent ?? undefined) ? 'bot' : 'browser'} ${url.pathname}${url.search}`;
}

/** The key of a render's request (its URL is the page's, page-url.ts). */
export function requestPageKey(request: Request): string {
  return pageKey(request.url, request.headers.get('user-agent'));
}

/**
 * The page store around `render`: a stored page still true is served as stored; otherwise the
 * page is rendered (or, when another request is rendering it, waited for up to 2 s) and its body
 * is copied on its way to the visitor. Every response says `X-Page-Cache: HIT` or `MISS`.
 */
export function withPageCache(render: RenderDocument, { cache, metrics }: WithPageCacheOptions): RenderDocument {
  return async (request) => {
    if (!cache.enabled) return missed(await render(request));
    const key = requestPageKey(request);
    const looked = cache.lookup(key);
    // A page from an external API: served once the API confirmed what it read.
    const found = looked.reason === 'revalidate' ? await cache.revalidate(key) : looked;
    if (looked.reason === 'revalidate') request.signal.throwIfAborted();
    metrics.pageCache.inc({ result: found.page ? 'hit' : 'miss' });
    if (found.page) return servedPage(found.page, request);
    // The same page being rendered for another request: its result, if it comes soon and is kept.
    const inFlight = cache.pending(key);
    if (inFlight) {
      const page = await within(inFlight, FLIGHT_WAIT_MS);
      request.signal.throwIfAborted();
      if (page) return servedPage(page, request);
    }
    // A HEAD renders no body, so it has nothing to keep or to hand to others.
    if (request.method === 'HEAD') return missed(await render(request));
    metrics.pageRenders.inc({ reason: found.reason });
    const endFlight = cache.begin(key);
    let document: RenderedDocument;
    try {
      document = await render(request);
    } catch (error) {
      void endFlight(null);
      throw error;
    }
    // Nothing waits for data: the body ends at once. It is taken whole and stored before the
    // first byte goes, so this visitor already gets the stored bytes, which nginx may keep too.
    if (document.page?.whole() && document.body) return wholeFirst(document, request, endFlight);
    return missed(keepCopy(document, request.signal, endFlight));
  };
}
