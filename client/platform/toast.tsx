import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { ToastContainerProps, TypeOptions } from 'react-toastify';

/**
 * Toasts (spec section 9): 3000 ms by default, 16 px from the edges, type info unless said
 * otherwise. react-toastify 11 injects its own stylesheet at mount; client/styles/toast.css
 * maps its colours onto the site's tokens so toasts follow `data-theme` (light and dark).
 * The library is its own chunk, loaded after hydration: no page needs it to show its content,
 * and a toast asked for before the container mounts waits in the library's queue.
 */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const DEFAULT_TOAST_TYPE: TypeOptions = 'info';

/**
 * The library computes its edge variables from --toastify-toast-offset on :root, so setting the
 * offset alone on the container would not move it: the four edges are re-derived here, where the
 * offset is declared, keeping the safe-area insets of notched phones.
 */
const offsetStyle = {
  '--toastify-toast-offset': `${TOAST_OFFSET_PX}px`,
  '--toastify-toast-top': 'max(var(--toastify-toast-offset), env(safe-area-inset-top))',
  '--toastify-toast-right': 'max(var(--toastify-toast-offset), env(safe-area-inset-right))',
  '--toastify-toast-bottom': 'max(var(--toastify-toast-offset), env(safe-area-inset-bottom))',
  '--toastify-toast-left': 'max(var(--toastify-toast-offset), env(safe-area-inset-left))',
} as CSSProperties; // CSSProperties has no custom properties; React passes them through as-is.

export const TOAST_CONTAINER_PROPS: ToastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  // "light" with its colours re-pointed at the site's tokens (toast.css): no flash of the wrong
  // theme at hydration, since the server cannot know the visitor's colour mode.
  theme: 'light',
  newestOnTop: true,
  style: offsetStyle,
};

export interface AppToastContainerProps {
  /** Accessible name of the notification region, in the page's language. */
  label?: string;
}

const ToastView = lazy(() => import('./toast-view'));

/** The one toast container of the site, mounted after hydration from its own chunk. */
export function AppToastContainer({ label }: AppToastContainerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView label={label} />
    </Suspense>
  );
}

/** Toasts live in module memory: on the server they would outlive the request, so they are browser-only. */
function inBrowser(): boolean {
  return typeof window !== 'undefined';
}

export function showToast(content: string, type: TypeOptions = DEFAULT_TOAST_TYPE): void {
  if (!inBrowser()) return;
  void import('react-toastify').then(({ toast }) => toast(content, { type }));
}

/**
 * The error toast of the shared HTTP client. Identical texts share one toast id, so an outage
 * that fails three loaders at once shows one message, not a stack of three.
 */
export function showErrorToast(content: string): void {
  if (!inBrowser()) return;
  void import('react-toastify').then(({ toast }) => toast(content, { type: 'error', toastId: `error:${content}` }));
}
