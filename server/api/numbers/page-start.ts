import { LRUCache } from 'lru-cache';
import { sameState, type NumberSearch, type SearchState } from './number-search';
import type { SearchFilters, SearchKey, SearchSort } from './search-plan';

/** A mark every this many matches: a deep page walks at most this many beyond the nearest one. */
export const MARK_EVERY = 250;

/**
 * Where a page asked for by its number starts: the key of the match just before it, found by
 * SQLite's walk of the index (NumberSearch.nth), never by reading the keys before it into
 * JavaScript. The walk is cut at every MARK_EVERY-th match, whose key is kept per query (filters
 * and order) while the store's state holds (as the answers are, search-reads.ts), so the next page
 * of the same search, at any page size, starts from the nearest mark instead of the first match.
 */
export function createPageStarts(search: Pick<NumberSearch, 'nth'>) {
  const marks = new LRUCache<string, { state: SearchState; keys: SearchKey[] }>({ max: 500 });

  /**
   * The key of the `skip`th match (the page starts after it; null for 0), and the matches
   * skipped: `skip`, or all there are when fewer match (then no key).
   */
  function after(
    f: SearchFilters,
    sort: SearchSort,
    skip: number,
    now: number,
    state: SearchState,
  ): { key: SearchKey | null; skipped: number } {
    if (skip === 0) return { key: null, skipped: 0 };
    const id = JSON.stringify([f, sort]);
    let kept = marks.get(id);
    if (!kept || !sameState(kept.state, state, now)) {
      kept = { state, keys: [] };
      marks.set(id, kept);
    }
    const known = Math.min(Math.floor(skip / MARK_EVERY), kept.keys.length);
    let key = known > 0 ? kept.keys[known - 1] : null;
    let at = known * MARK_EVERY;
    while (at < skip) {
      const reached = search.nth(f, sort, key, Math.min(MARK_EVERY - (at % MARK_EVERY), skip - at), now);
      at += reached.counted;
      if (!reached.key) return { key: null, skipped: at };
      key = reached.key;
      if (at % MARK_EVERY === 0 && kept.keys.length === at / MARK_EVERY - 1) kept.keys.push(key);
    }
    return { key, skipped: at };
  }

  return { after };
}
