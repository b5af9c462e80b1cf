import { useCallback, useSyncExternalStore } from 'react';

/** The visitor's colour-mode preference, persisted in localStorage (spec section 3). */
export const COLOUR_MODES = ['system', 'light', 'dark'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];
export const COLOUR_MODE_KEY = 'colour-mode';

function isColourMode(value: unknown): value is ColourMode {
  return typeof value === 'string' && (COLOUR_MODES as readonly string[]).includes(value);
}

const listeners = new Set<() => void>();

function readStoredMode(): ColourMode {
  try {
    const stored = window.localStorage.getItem(COLOUR_MODE_KEY);
    return isColourMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyColourMode(mode: ColourMode): void {
  const root = document.documentElement;
  const theme = mode === 'dark' || (mode === 'system' && prefersDark()) ? 'dark' : 'light';
  // Unchanged attributes are left alone: the page's styles are not recalculated for nothing.
  if (root.getAttribute('data-colour-mode') !== mode) root.setAttribute('data-colour-mode', mode);
  if (root.getAttribute('data-theme') !== theme) root.setAttribute('data-theme', theme);
}

export function setColourMode(mode: ColourMode): void {
  try {
    window.localStorage.setItem(COLOUR_MODE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  applyColourMode(mode);
  listeners.forEach((listener) => listener());
}

/**
 * Follows the operating system's scheme while the preference is `system`. It starts once the
 * browser is idle after hydration, seconds after the boot script set the theme: a change of the
 * system's scheme in between is caught up with at once, not lost until the next one.
 */
export function watchSystemColourScheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (readStoredMode() === 'system') applyColourMode('system');
  };
  query.addEventListener('change', onChange);
  onChange();
  return () => query.removeEventListener('change', onChange);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preference; `system` during server render and hydration, the stored one after. */
export function useColourMode(): [ColourMode, (mode: ColourMode) => void] {
  const mode = useSyncExternalStore(subscribe, readStoredMode, () => 'system' as ColourMode);
  const set = useCallback((next: ColourMode) => setColourMode(next), []);
  return [mode, set];
}
