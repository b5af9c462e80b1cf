import { startTransition, useEffect, useState } from 'react';

/** Set once the first hydration has committed: later mounts (client navigations) start hydrated. */
let hydratedOnce = false;

/**
 * False during the server render and hydration, true right after: what depends on the browser
 * (tokens in localStorage, the clock) is rendered only then, so hydration never mismatches.
 * The switch is a transition: the page's second render after hydration yields to the browser
 * instead of blocking it (useSyncExternalStore would redo it synchronously, in one long task).
 * A component mounted after hydration (a client navigation) is hydrated from its first render.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
