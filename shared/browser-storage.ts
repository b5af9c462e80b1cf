/*
 * The browser's localStorage for the session's modules (shared/tokens.ts, shared/own-bookings.ts),
 * guarded so that blocked or private-mode storage is simply empty, never an error.
 */

/** The part of the Web Storage API the helpers use, so tests can inject a Map-backed one. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * localStorage behind a guard, or null where there is none (the server). Every call goes through
 * try/catch because merely touching `window.localStorage` throws when storage is blocked, and
 * Safari's private mode throws on writes: in both cases there is simply no token, never an error.
 */
export function browserStorage(): TokenStorage | null {
  if (typeof window === 'undefined') return null;
  try {
    if (!window.localStorage) return null;
  } catch {
    return null;
  }
  return {
    getItem(key) {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // Quota or private mode: the token lives for this page only, which is all we can do.
      }
    },
    removeItem(key) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored can be removed when storage is unavailable.
      }
    },
  };
}
