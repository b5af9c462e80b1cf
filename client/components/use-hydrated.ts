import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { whenIdle } from '../framework/tasks';

/** Set once the first hydration has committed: later mounts (client navigations) start hydrated. */
let hydratedOnce = false;

/**
 * True inside a HydrationBoundary that was part of the page's first hydration: its content is
 * hydrated separately, after `hydratedOnce` is set, and must still render as the server did.
 */
export const BoundaryHydrating = createContext(false);

/** Whether a HydrationBoundary rendering now belongs to the page's first hydration. */
export function useFirstHydration(): boolean {
  const [first] = useState(!hydratedOnce);
  return first;
}

/**
 * False during the server render and hydration, true right after: what depends on the browser
 * (tokens in localStorage, the clock) is rendered only then, so hydration never mismatches.
 * The switch is a transition: the page's second render after hydration yields to the browser
 * instead of blocking it (useSyncExternalStore would redo it synchronously, in one long task).
 * A component mounted after hydration (a client navigation) is hydrated from its first render.
 */
export function useHydrated(): boolean {
  // Inside a HydrationBoundary React hydrates after the page's first commit, when the flag is
  // already set: there the boundary says whether its content is still being hydrated.
  const boundaryHydrating = useContext(BoundaryHydrating);
  const [hydrated, setHydrated] = useState(hydratedOnce && !boundaryHydrating);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Set once the browser has been idle after the first hydration. */
let idleOnce = false;

/**
 * False during the server render, hydration and until the browser is first idle after it (2 s at
 * the latest); true from then on, and from the first render of anything mounted later. For parts
 * no visitor needs in the first seconds (the toast container): their modules and their first
 * render wait until the page's own start-up is over (issue 35).
 */
export function useIdleAfterHydration(): boolean {
  const boundaryHydrating = useContext(BoundaryHydrating);
  const [idle, setIdle] = useState(idleOnce && !boundaryHydrating);
  useEffect(() => {
    if (idle) return undefined;
    return whenIdle(() => {
      idleOnce = true;
      startTransition(() => setIdle(true));
    }, 2_000);
  }, [idle]);
  return idle;
}
