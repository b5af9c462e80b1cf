/**
 * One shared one-second tick for every countdown on the page, plus the moments a background tab
 * comes back (browsers throttle timers there). Countdowns never count ticks: each tick only
 * makes them compute the time left again from Date.now().
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  for (const listener of [...listeners]) listener();
}

function onVisible(): void {
  if (document.visibilityState === 'visible') tick();
}

export const TICK_MS = 1000;

export function subscribeClock(listener: Listener): () => void {
  listeners.add(listener);
  if (timer === null) {
    timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', tick);
    window.addEventListener('pageshow', tick);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', tick);
      window.removeEventListener('pageshow', tick);
    }
  };
}
