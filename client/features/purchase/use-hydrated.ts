import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False during the server render and hydration, true right after: what depends on the browser
 * (tokens in localStorage, the clock) is rendered only then, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
