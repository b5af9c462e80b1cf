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

interface Entry extends CachedPage {
  expires: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    // Oldest first out: random query strings cannot grow the cache without bound.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ...page, expires: this.now() + this.ttlMs });
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
    return this.entries.size;
  }
}

/** The stored page with a new nonce in every place the old one stood. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.html.split(page.nonce).join(nonce);
}
