import { Suspense, type ReactNode } from 'react';
import { BoundaryHydrating, useFirstHydration } from './use-hydrated';

/**
 * A part of a page below its first screen that React hydrates after it (issue 35). The server
 * renders it in place, as before; in the browser, React 19 hydrates the page's first screen and
 * commits it on its own, so the header, the menu and the first screen's controls work while the
 * rest is still to do; then the boundaries, together, in a render at its lowest priority that
 * yields to the browser every few milliseconds, and a commit of their own. A tap inside a
 * boundary not yet hydrated hydrates that boundary first (selective hydration) and is then
 * replayed. e2e/foundation.test.ts watches the commits.
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
