/**
 * A lazy chunk that fails to load (most often: a new deployment removed it) reloads the page
 * once, which fetches the new build. A second failure within 10 seconds does not reload again
 * (no loop): the error reaches the error page, which offers Try Again. The guard lives in
 * sessionStorage because the reload wipes everything else.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

type PendingLocation = { pathname: string; search: string; hash: string } | undefined;
let pendingLocation: () => PendingLocation = () => undefined;

/** Where a navigation is heading, so the reload lands on the page the visitor asked for. */
export function setChunkReloadTarget(source: () => PendingLocation): void {
  pendingLocation = source;
}

export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof window === 'undefined') throw error;
      if (!shouldReloadAfterChunkError(window.sessionStorage, Date.now())) throw error;
      const target = pendingLocation();
      if (target) window.location.assign(`${target.pathname}${target.search}${target.hash}`);
      else window.location.reload();
      // Never settles: the page is going away, and the error page must not flash meanwhile.
      return new Promise<T>(() => {});
    });
}

/** True (and the guard is armed) unless a reload for this reason happened in the last 10 s. */
export function shouldReloadAfterChunkError(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now: number): boolean {
  try {
    if (!storage) return false;
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
