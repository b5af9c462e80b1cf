import { jwtDecode, type JwtPayload } from 'jwt-decode';

/**
 * The bearer credentials kept in the browser's localStorage (spec section 3).
 * Plain TypeScript with no `window` at import time: the server render imports this module too.
 */
export const RESERVATION_TOKEN_KEY = 'reservation-token';
export const AUTH_TOKEN_KEY = 'auth_token';
export const ACCESS_TOKEN_KEY = 'access_token';
/** Belongs to auth_token: it is always removed together with it. */
export const AUTH_TOKEN_NUMBER_KEY = 'auth_token_number';

/** The order the Authorization header is chosen in; a later valid token overrides an earlier one. */
export const BEARER_TOKEN_KEYS = [RESERVATION_TOKEN_KEY, AUTH_TOKEN_KEY, ACCESS_TOKEN_KEY] as const;
export type BearerTokenKey = (typeof BEARER_TOKEN_KEYS)[number];

/** The part of the Web Storage API the helpers use, so tests can inject a Map-backed one. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The current time in seconds, the unit of the JWT `exp` claim. Not floored: exp < now is exact. */
export function nowInSeconds(nowMs: number = Date.now()): number {
  return nowMs / 1000;
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

/** Injected storage may be a raw one that throws; reads then count as "no token". */
function safeGet(storage: TokenStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeRemove(storage: TokenStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // See browserStorage: an unavailable storage holds nothing to remove.
  }
}

/**
 * Expired when `exp` is earlier than now (seconds), and also when the token cannot be decoded or
 * carries no numeric `exp`: a credential we cannot date is not worth sending (spec section 4).
 * The signature is not checked here; that is the API's job.
 */
export function isTokenExpired(token: string, nowSeconds: number): boolean {
  let payload: JwtPayload;
  try {
    payload = jwtDecode<JwtPayload>(token);
  } catch {
    return true;
  }
  const exp: unknown = payload?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp < nowSeconds;
}

/** Removes a token; removing auth_token always removes auth_token_number too. */
export function removeToken(key: string, storage: TokenStorage | null = browserStorage()): void {
  if (!storage) return;
  safeRemove(storage, key);
  if (key === AUTH_TOKEN_KEY) safeRemove(storage, AUTH_TOKEN_NUMBER_KEY);
}

export function storeToken(key: BearerTokenKey, token: string, storage: TokenStorage | null = browserStorage()): void {
  if (!storage) return;
  try {
    storage.setItem(key, token);
  } catch {
    // See browserStorage: without storage the token cannot outlive the page.
  }
}

/** The stored token when it is still valid; an expired or undecodable one is removed. */
export function readValidToken(key: string, storage: TokenStorage | null, nowSeconds: number): string | null {
  if (!storage) return null;
  const token = safeGet(storage, key);
  if (token === null) return null;
  if (isTokenExpired(token, nowSeconds)) {
    removeToken(key, storage);
    return null;
  }
  return token;
}

/**
 * The token for the Authorization header. Every key is checked (so every expired one is cleaned
 * up), in the order reservation-token, auth_token, access_token; the last valid one wins.
 */
export function bearerToken(storage: TokenStorage | null, nowSeconds: number): string | null {
  let chosen: string | null = null;
  for (const key of BEARER_TOKEN_KEYS) {
    const token = readValidToken(key, storage, nowSeconds);
    if (token !== null) chosen = token;
  }
  return chosen;
}

/**
 * After a 401 or 403: only an expired reservation-token, or an expired auth_token (with its
 * number), is dropped (spec section 8). A valid one stays: the refusal may be about something else.
 */
export function removeExpiredAfterRefusal(storage: TokenStorage | null, nowSeconds: number): void {
  readValidToken(RESERVATION_TOKEN_KEY, storage, nowSeconds);
  readValidToken(AUTH_TOKEN_KEY, storage, nowSeconds);
}
