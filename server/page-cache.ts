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

  get size(): number {
    return this.entries.size;
  }
}

/** The stored page with a new nonce in every place the old one stood. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.html.split(page.nonce).join(nonce);
}
