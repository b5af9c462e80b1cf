import { pipeline, Transform } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { within } from '../../../shared/within';
import { isBot } from '../http/bots';
import type { SiteMetrics } from '../../process/metrics';
import { fixedBody, type RenderDocument, type RenderedDocument } from './rendered-document';
import { servedPage, storePage, type RenderedCopy, type StoredPage } from './stored-page';

/**
 * The page store: a page is rendered once per change of what it shows. Every visitor gets the
 * same HTML for a URL (their own state is filled in after hydration), so a rendered page is kept
 * and served as stored (server/site/render/stored-page.ts) while every piece of data its render
 * read still has the version the render saw, and the clock has not passed the moment that data
 * changes by itself (a hold lapsing, a lot closing). No time-to-live decides correctness: the
 * first request after a change, in any worker or process on the same store, renders the page again.
 *
 * Pages read from an external operator API (API_BASE_URL) have no versions to compare: those are
 * kept for PAGE_CACHE_SECONDS, as before.
 */

/** The versions now, from the embedded API's store: what a stored page is checked against. */
export interface DataCheck {
  version(key: string): string;
  /** The API's clock, which DataState.until is on. */
  now(): number;
}

/** Why a page was rendered for the store. */
export type RenderReason = 'first' | 'changed' | 'evicted';

export interface PageCacheOptions {
  /** Off: nothing is stored, every request renders. */
  enabled: boolean;
  /** How long a page without versions (an external API) is kept. */
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

  /** The stored page while it is still true, else null and why it must be rendered. */
  lookup(key: string): { page: StoredPage; reason: null } | { page: null; reason: RenderReason } {
    const page = this.entries?.get(key);
    if (page) {
      if (this.stillTrue(page)) return { page, reason: null };
      this.entries!.delete(key);
      this.gone.set(key, 'changed');
    }
    return { page: null, reason: this.gone.get(key) ?? 'first' };
  }

  get(key: string): StoredPage | null {
    return this.lookup(key).page;
  }

  private stillTrue(page: StoredPage): boolean {
    if (this.clock() >= page.until) return false;
    if (page.data === null) return true;
    if (!this.check) return false;
    for (const { key, version } of page.data) if (this.check.version(key) !== version) return false;
    return true;
  }

  set(key: string, page: StoredPage): void {
    // A page larger than the whole store is simply not kept.
    this.entries?.set(key, page);
    this.gone.delete(key);
  }

  /** The page a render made, stored: hashes for its nonce, compressed; the clock's limit for a page without versions. */
  async keep(key: string, copy: RenderedCopy): Promise<StoredPage> {
    const until = copy.data === null ? Math.min(copy.until, this.clock() + this.unversionedTtlMs) : copy.until;
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
    const found = cache.lookup(key);
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

/** The page's copy to store, or null when it is not one to keep (an error status, a failed part, the visitor gone). */
function copyToKeep(document: RenderedDocument, html: string, signal: AbortSignal): RenderedCopy | null {
  const { status, headers, page } = document;
  if (!page || (status !== 200 && status !== 404) || !page.complete() || signal.aborted) return null;
  const data = page.data();
  const until = data ? Math.min(...data.map((state) => state.until)) : Number.POSITIVE_INFINITY;
  return { status, headers, html, nonce: page.nonce, etag: page.etag(), data, until };
}

async function wholeFirst(
  document: RenderedDocument,
  request: Request,
  endFlight: (copy: RenderedCopy | null) => Promise<StoredPage | null>,
): Promise<RenderedDocument> {
  let html: string;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of document.body!) chunks.push(Buffer.from(chunk as Buffer));
    html = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    void endFlight(null);
    throw error;
  }
  const copy = copyToKeep(document, html, request.signal);
  const stored = await endFlight(copy);
  if (stored) return servedPage(stored, request, 'MISS');
  // Not kept: sent as rendered, with its nonce.
  const { body, length } = fixedBody(html, request.method);
  return missed({ ...document, headers: { ...document.headers, 'Content-Length': length }, body });
}

function missed(document: RenderedDocument): RenderedDocument {
  return document.page ? { ...document, headers: { ...document.headers, 'X-Page-Cache': 'MISS' } } : document;
}

/**
 * The document with its body teed: every chunk goes on to the visitor and a copy is kept. When
 * the body has ended whole (the render complete, no failed API call or part, the visitor still
 * there) the copy is stored and handed to the requests waiting for it; a body dropped midway (the
 * visitor gone, the stream destroyed) never reaches `flush`, so no truncated page is kept.
 */
function keepCopy(
  document: RenderedDocument,
  signal: AbortSignal,
  endFlight: (copy: RenderedCopy | null) => Promise<StoredPage | null>,
): RenderedDocument {
  const { status, body, page } = document;
  if (!body || !page || (status !== 200 && status !== 404)) {
    void endFlight(null);
    return document;
  }
  const chunks: Buffer[] = [];
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      void endFlight(copyToKeep(document, Buffer.concat(chunks).toString('utf8'), signal));
      done();
    },
  });
  // However the body ends without a page to keep, the requests waiting for it stop waiting.
  copy.once('close', () => void endFlight(null));
  // Either side destroyed destroys the other (the render stops); the error itself reaches
  // whoever reads `copy`, which sends it to the visitor.
  return { ...document, body: pipeline(body, copy, () => undefined) };
}
