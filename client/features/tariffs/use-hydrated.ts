import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server render and during hydration, true once the page runs in the browser: the
 * submit buttons a visitor without JavaScript needs are hidden only when scripts can do their work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
