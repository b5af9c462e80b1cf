import { useCallback, useSyncExternalStore } from 'react';
import { subscribeClock } from './clock';
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
 * The booking and the seconds left on it, derived on every tick from the token's `exp` and
 * Date.now(): a reload, a sleeping laptop or a throttled background tab cannot make it drift.
 */
export function useReservationCountdown(): { reservation: HeldReservation | null; secondsLeft: number | null } {
  const reservation = useHeldReservation();
  const expiresAtMs = reservation?.expiresAtMs ?? null;
  const subscribe = useCallback((listener: () => void) => {
    const fromClock = subscribeClock(listener);
    const fromTokens = subscribeTokens(listener);
    return () => {
      fromClock();
      fromTokens();
    };
  }, []);
  const left = useSyncExternalStore(subscribe, () => (expiresAtMs === null ? null : secondsLeft(expiresAtMs, Date.now())), serverNothing);
  return { reservation, secondsLeft: left };
}

/** 5:07, or 1:02:09 for holds longer than an hour (auction winners get hours). */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
