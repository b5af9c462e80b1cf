import { useSyncExternalStore } from 'react';
import { subscribeClock } from '../purchase/clock';
import { readReservation, subscribeTokens, type HeldReservation } from '../../../shared/tokens';

/** Whole seconds left until `expiresAtMs`, never negative (rounded up: 0 means it is over). */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

const serverNothing = () => null;

/** The stored reservation (null on the server and during hydration). */
export function useHeldReservation(): HeldReservation | null {
  return useSyncExternalStore(subscribeTokens, readReservation, serverNothing);
}

/**
 * Whole seconds left until `expiresAtMs`, derived on every tick from Date.now(): a reload, a
 * sleeping laptop or a throttled background tab cannot make it drift. Only the component that
 * shows the count should call it: whatever calls it renders again every second (on a slow phone a
 * whole page rendered once a second was a long task every second, bench:countdowns).
 */
export function useSecondsLeft(expiresAtMs: number): number {
  const read = () => secondsLeft(expiresAtMs, Date.now());
  return useSyncExternalStore(subscribeClock, read, read);
}

/** 5:07, or 1:02:09 for holds longer than an hour (auction winners get hours). */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
