import { pipeline, Transform } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { within } from '../../../shared/within';
import { isBot } from '../http/bots';
import type { SiteMetrics } from '../../process/metrics';
import { fixedBody, type RenderDocument, type RenderedDocument } from './rendered-document';
import { createNonce } from '../http/security-headers';

/**
 * A few seconds of memory for rendered pages (a "microcache"). Every visitor gets the same HTML
 * for a URL (their own state is filled in after hydration), so a busy page is rendered once per
 * interval instead of once per request. Each response still gets its own CSP nonce: the stored
 * page remembers the nonce it was rendered with, and it is swapped for the new one.
 */
export interface CachedPage {
  status: number;
  /** As the render sent them: the CSP names the nonce. */
  headers: Record<string, string>;
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
            // UTF-16 in memory: two bytes a character, plus the key and the headers.
            sizeCalculation: (page, key) => 2 * (page.html.length + key.length + headersLength(page.headers)) + 64,
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
    this.entries?.set(key, { status: page.status, headers: page.headers, html: page.html, nonce: page.nonce });
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

function headersLength(headers: Record<string, string>): number {
  let length = 0;
  for (const name in headers) length += name.length + headers[name].length;
  return length;
}

/** The stored page with a new nonce in every place the old one stood. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.html.split(page.nonce).join(nonce);
}

/** How long a request waits for the same page rendered for another one before rendering it itself. */
const FLIGHT_WAIT_MS = 2000;

export interface PageCacheOptions {
  cache: PageCache;
  metrics: SiteMetrics;
}

/**
 * The page cache around `render`: a kept page is served with a fresh nonce; otherwise the page is
 * rendered (or, when another request is rendering it, waited for up to 2 s) and its body is copied
 * on its way to the visitor. Every response says `X-Page-Cache: HIT` or `MISS`.
 */
export function withPageCache(render: RenderDocument, { cache, metrics }: PageCacheOptions): RenderDocument {
  return async (request) => {
    // Bots and browsers get differently streamed documents, so they are kept apart. The request's
    // URL is already the page's (pageUrl): tracking parameters make no entries of their own.
    const url = new URL(request.url);
    const key = `${isBot(request.headers.get('user-agent') ?? undefined) ? 'bot' : 'browser'} ${url.pathname}${url.search}`;
    const cached = cache.get(key);
    if (cache.enabled) metrics.pageCache.inc({ result: cached ? 'hit' : 'miss' });
    if (cached) return cachedDocument(cached, request.method);
    // The same page being rendered for another request: its result, if it comes soon and is kept.
    const inFlight = cache.pending(key);
    if (inFlight) {
      const page = await within(inFlight, FLIGHT_WAIT_MS);
      request.signal.throwIfAborted();
      if (page) return cachedDocument(page, request.method);
    }
    // A HEAD renders no body, so it has nothing to keep or to hand to others.
    if (!cache.enabled || request.method === 'HEAD') return missed(await render(request));
    const endFlight = cache.begin(key);
    let document: RenderedDocument;
    try {
      document = await render(request);
    } catch (error) {
      endFlight(null);
      throw error;
    }
    return missed(keepCopy(document, request.signal, endFlight));
  };
}

function missed(document: RenderedDocument): RenderedDocument {
  return document.page ? { ...document, headers: { ...document.headers, 'X-Page-Cache': 'MISS' } } : document;
}

/** A kept page as a new response: a fresh nonce in its CSP and in every script. */
function cachedDocument(page: CachedPage, method: string): RenderedDocument {
  const nonce = createNonce();
  const headers: Record<string, string> = {};
  for (const name in page.headers) headers[name] = page.headers[name].split(page.nonce).join(nonce);
  const { body, length } = fixedBody(withNonce(page, nonce), method);
  return { status: page.status, headers: { ...headers, 'Content-Length': length, 'X-Page-Cache': 'HIT' }, body, page: null };
}

/**
 * The document with its body teed: every chunk goes on to the visitor and a copy is kept. When
 * the body has ended whole (the render complete, no failed API call or part, the visitor still
 * there) the copy is stored and handed to the requests waiting for it; a body dropped midway (the
 * visitor gone, the stream destroyed) never reaches `flush`, so no truncated page is kept.
 */
function keepCopy(document: RenderedDocument, signal: AbortSignal, endFlight: (page: CachedPage | null) => void): RenderedDocument {
  const { status, headers, body, page } = document;
  if (!body || !page || (status !== 200 && status !== 404)) {
    endFlight(null);
    return document;
  }
  const chunks: Buffer[] = [];
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      const whole = page.complete() && !signal.aborted;
      endFlight(whole ? { status, headers, html: Buffer.concat(chunks).toString('utf8'), nonce: page.nonce } : null);
      done();
    },
  });
  // However the body ends without a page to keep, the requests waiting for it stop waiting.
  copy.once('close', () => endFlight(null));
  // Either side destroyed destroys the other (the render stops); the error itself reaches
  // whoever reads `copy`, which sends it to the visitor.
  return { ...document, body: pipeline(body, copy, () => undefined) };
}
