import { jwtDecode } from 'jwt-decode';
import type { ReservationResponse, SmsVerifyResponse } from './api-types';
import { browserStorage, type TokenStorage } from './browser-storage';
import { rememberOwnBooking } from './own-bookings';
import { formatUzPhone } from './validation';

export { browserStorage, type TokenStorage };

/**
 * The browser's session: the bearer credentials kept in localStorage (spec section 3), and the one
 * module that stores them, reads their claims, decides their expiry and tells subscribers of a
 * change. The shared HTTP client picks its Bearer token here; the purchase's pages read the
 * booking, the confirmed phone and the order access here (through useSyncExternalStore); the
 * actions store what the API answered here. Plain TypeScript with no `window` at import time:
 * the server render imports this module too, and on the server there is no storage, so no token.
 */
export const RESERVATION_TOKEN_KEY = 'reservation-token';
export const AUTH_TOKEN_KEY = 'auth_token';
export const ACCESS_TOKEN_KEY = 'access_token';
/** Belongs to auth_token: it is always removed together with it. */
export const AUTH_TOKEN_NUMBER_KEY = 'auth_token_number';

/** The order the Authorization header is chosen in; a later valid token overrides an earlier one. */
export const BEARER_TOKEN_KEYS = [RESERVATION_TOKEN_KEY, AUTH_TOKEN_KEY, ACCESS_TOKEN_KEY] as const;
export type BearerTokenKey = (typeof BEARER_TOKEN_KEYS)[number];

/** The current time in seconds, the unit of the JWT `exp` claim. Not floored: exp < now is exact. */
export function nowInSeconds(nowMs: number = Date.now()): number {
  return nowMs / 1000;
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

/** The claims the site reads; the signature is not checked here, that is the API's job. */
interface Claims {
  sub?: unknown;
  exp?: unknown;
  num?: unknown;
  bid?: unknown;
}

function claimsOf(token: string): Claims | null {
  try {
    return jwtDecode<Claims>(token) ?? null;
  } catch {
    return null;
  }
}

/** `exp` in seconds, or null when the token cannot be decoded or carries no numeric `exp`. */
function expiryOf(claims: Claims | null): number | null {
  const exp = claims?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * Expired when `exp` is earlier than now (seconds), and also when the token cannot be decoded or
 * carries no numeric `exp`: a credential we cannot date is not worth sending (spec section 4).
 */
export function isTokenExpired(token: string, nowSeconds: number): boolean {
  const exp = expiryOf(claimsOf(token));
  return exp === null || exp < nowSeconds;
}

/** Removes a token; removing auth_token always removes auth_token_number too. */
export function removeToken(key: string, storage: TokenStorage | null = browserStorage()): void {
  if (!storage) return;
  safeRemove(storage, key);
  if (key === AUTH_TOKEN_KEY) safeRemove(storage, AUTH_TOKEN_NUMBER_KEY);
}

function storeValue(key: string, value: string, storage: TokenStorage | null): void {
  if (!storage) return;
  try {
    storage.setItem(key, value);
  } catch {
    // See browserStorage: without storage the token cannot outlive the page.
  }
}

export function storeToken(key: BearerTokenKey, token: string, storage: TokenStorage | null = browserStorage()): void {
  storeValue(key, token, storage);
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
  if (!storage) return;
  const held = [RESERVATION_TOKEN_KEY, AUTH_TOKEN_KEY].filter((key) => safeGet(storage, key) !== null);
  const removed = held.filter((key) => readValidToken(key, storage, nowSeconds) === null);
  // The page shows what the session holds: a booking or a confirmed phone just dropped must go.
  if (removed.length > 0) notifyTokensChanged();
}

// ---- Subscriptions: React reads the session through useSyncExternalStore (server snapshot: nothing),
// so the server render and hydration agree and the visitor's own state appears right after.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells every subscriber to read again: after our own writes, and after another tab's. */
export function notifyTokensChanged(): void {
  for (const listener of [...listeners]) listener();
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab's writes arrive as `storage` events; without a window (Node) only ours are heard.
  const other = typeof window === 'undefined' ? null : window;
  other?.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    other?.removeEventListener('storage', listener);
  };
}

function rawToken(key: string): string | null {
  return browserStorage()?.getItem(key) ?? null;
}

// Snapshots are cached per raw token string: useSyncExternalStore needs the same object back while nothing changed.

/** The booking as the token tells it: its public id, its number and its end (`exp`, seconds, in ms here). */
export interface HeldReservation {
  token: string;
  /** The id the number stream names this booking by (`bid`); a token minted before ids had none: its number and end. */
  bookingId: string;
  number: string;
  formatted: string;
  expiresAtMs: number;
}

export function reservationFromToken(token: string | null): HeldReservation | null {
  if (!token) return null;
  const claims = claimsOf(token);
  const exp = expiryOf(claims);
  if (exp === null) return null;
  const number = typeof claims?.num === 'string' ? claims.num : '';
  const bookingId = typeof claims?.bid === 'string' ? claims.bid : `${number}@${exp}`;
  return { token, bookingId, number, formatted: formatUzPhone(number), expiresAtMs: exp * 1000 };
}

let reservationCache: { raw: string | null; value: HeldReservation | null } = { raw: null, value: null };

/**
 * The stored reservation, expired or not: the countdown decides what an expired one means
 * (a message, then removal), so it must still see it here.
 */
export function readReservation(): HeldReservation | null {
  const raw = rawToken(RESERVATION_TOKEN_KEY);
  if (raw !== reservationCache.raw) reservationCache = { raw, value: reservationFromToken(raw) };
  return reservationCache.value;
}

/** Keeps a booking's token and its public id as the visitor's own: from the API's answer, or the token and id a booking came with. */
export function saveReservation(response: Pick<ReservationResponse, 'reservationToken'> & { reservation: { bookingId: string } }): void {
  storeToken(RESERVATION_TOKEN_KEY, response.reservationToken);
  rememberOwnBooking(response.reservation.bookingId);
  notifyTokensChanged();
}

export function clearReservation(): void {
  removeToken(RESERVATION_TOKEN_KEY);
  notifyTokensChanged();
}

/** The SMS-verified phone: auth_token with its number, both valid or neither. */
export interface PhoneAuth {
  token: string;
  phone: string;
}

let authCache: { raw: string | null; number: string | null; value: PhoneAuth | null } = { raw: null, number: null, value: null };

export function readAuth(): PhoneAuth | null {
  const raw = rawToken(AUTH_TOKEN_KEY);
  const number = rawToken(AUTH_TOKEN_NUMBER_KEY);
  if (raw !== authCache.raw || number !== authCache.number) {
    const valid = raw !== null && !isTokenExpired(raw, nowInSeconds());
    authCache = { raw, number, value: valid ? { token: raw, phone: number ?? '' } : null };
  }
  // A token that expired since it was cached counts as none.
  if (authCache.value && isTokenExpired(authCache.value.token, nowInSeconds())) return null;
  return authCache.value;
}

/** Stores the auth token and, with it, its number (through the same guarded storage). */
export function saveAuth(response: SmsVerifyResponse, storage: TokenStorage | null = browserStorage()): void {
  storeToken(AUTH_TOKEN_KEY, response.authToken, storage);
  storeValue(AUTH_TOKEN_NUMBER_KEY, response.authTokenNumber, storage);
  notifyTokensChanged();
}

export function clearAuth(): void {
  removeToken(AUTH_TOKEN_KEY);
  notifyTokensChanged();
}

/** The order the access_token grants: its id is the token's subject. */
export interface OrderAccess {
  token: string;
  orderId: string;
}

let orderCache: { raw: string | null; value: OrderAccess | null } = { raw: null, value: null };

export function readOrderAccess(): OrderAccess | null {
  const raw = rawToken(ACCESS_TOKEN_KEY);
  if (raw !== orderCache.raw) {
    const claims = raw ? claimsOf(raw) : null;
    const valid = raw !== null && typeof claims?.sub === 'string' && !isTokenExpired(raw, nowInSeconds());
    orderCache = { raw, value: valid ? { token: raw, orderId: claims.sub as string } : null };
  }
  return orderCache.value;
}

export function saveOrderAccess(accessToken: string): void {
  storeToken(ACCESS_TOKEN_KEY, accessToken);
  notifyTokensChanged();
}
