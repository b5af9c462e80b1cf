import { Suspense, type ReactNode } from 'react';
import { BoundaryHydrating, useFirstHydration } from './use-hydrated';

/**
 * A part of a page below its first screen that React hydrates on its own (issue 35). The server
 * renders it in place, as before; in the browser, React 19 hydrates the page's first screen and
 * commits it, then each boundary in a render and a commit of its own at low priority, yielding to
 * input between them, instead of the whole page in one commit: a cheap phone is never held for
 * the whole page at once. A tap inside a boundary not yet hydrated hydrates that boundary first
 * (selective hydration) and is then replayed.
 *
 * Nothing inside suspends on its own (streamed data has its own boundary, StreamedPart), so the
 * empty fallback is never shown. Its content is hydrated after the page's first commit, so it
 * tells `useHydrated` that it is still hydrating: what depends on the browser is rendered there
 * only after its own hydration, as everywhere else.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  const firstHydration = useFirstHydration();
  return (
    <Suspense fallback={null}>
      <BoundaryHydrating.Provider value={firstHydration}>{children}</BoundaryHydrating.Provider>
    </Suspense>
  );
}
