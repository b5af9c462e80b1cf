import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import './filters.css';

// The dialog is for phones once hydrated only: its own chunk, out of the page's first load.
const SheetDialog = lazy(() => import('./SheetDialog').then((module) => ({ default: module.SheetDialog })));

/** From this width the filters stand beside the results (search.css's two columns). */
const WIDE = '(min-width: 960px)';

function subscribe(changed: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const narrow = () => typeof window.matchMedia === 'function' && !window.matchMedia(WIDE).matches;

/**
 * The filters beyond the digits. On a narrow screen, once hydrated, a modal sheet: a native
 * <dialog> opened with showModal (focus moves into it, Escape closes it, focus goes back to the
 * button that opened it). On the server, before hydration, without JavaScript and beside the
 * results on a wide screen, the same fields in a <details>: a tap on its summary shows them (on a
 * wide screen they are always shown), and they are part of the GET form either way.
 */
export function FiltersSheet({ label, children }: { label: string; children: ReactNode }) {
  const sheet = useSyncExternalStore(subscribe, narrow, () => false);
  const inline = (
    <details className="filters-sheet">
      <summary className="button filters-sheet__opener">{label}</summary>
      {children}
    </details>
  );
  return sheet ? (
    <Suspense fallback={inline}>
      <SheetDialog label={label}>{children}</SheetDialog>
    </Suspense>
  ) : (
    inline
  );
}
