import { jwtDecode } from 'jwt-decode';
import {
  ACCESS_TOKEN_KEY,
  AUTH_TOKEN_KEY,
  AUTH_TOKEN_NUMBER_KEY,
  RESERVATION_TOKEN_KEY,
  browserStorage,
  isTokenExpired,
  nowInSeconds,
  removeToken,
  storeToken,
} from '../../../shared/tokens';
import type { ReservationResponse, SmsVerifyResponse } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';

/**
 * The purchase's view of the three bearer tokens in localStorage. React reads them through
 * useSyncExternalStore (server snapshot: nothing), so the server render and hydration agree and
 * the visitor's own state appears right after. Snapshots are cached per raw token string:
 * useSyncExternalStore needs the same object back while nothing changed.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells every subscriber to read again: after our own writes, and after another tab's. */
export function notifyTokensChanged(): void {
  for (const listener of [...listeners]) listener();
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

interface Claims {
  sub?: unknown;
  exp?: unknown;
  num?: unknown;
}

function claimsOf(token: string): Claims | null {
  try {
    return jwtDecode<Claims>(token);
  } catch {
    return null;
  }
}

function rawToken(key: string): string | null {
  return browserStorage()?.getItem(key) ?? null;
}

/** The booking as the token tells it: its number and its end (`exp`, seconds, in ms here). */
export interface HeldReservation {
  token: string;
  number: string;
  formatted: string;
  expiresAtMs: number;
}

export function reservationFromToken(token: string | null): HeldReservation | null {
  if (!token) return null;
  const claims = claimsOf(token);
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  const number = typeof claims.num === 'string' ? claims.num : '';
  return { token, number, formatted: formatUzPhone(number), expiresAtMs: claims.exp * 1000 };
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

export function saveReservation(response: ReservationResponse): void {
  storeToken(RESERVATION_TOKEN_KEY, response.reservationToken);
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

export function saveAuth(response: SmsVerifyResponse): void {
  storeToken(AUTH_TOKEN_KEY, response.authToken);
  browserStorage()?.setItem(AUTH_TOKEN_NUMBER_KEY, response.authTokenNumber);
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
