import { lazy, Suspense } from 'react';
import { useIdleAfterHydration } from '../components/use-hydrated';
import type { TypeOptions } from 'react-toastify';

/**
 * Toasts (spec section 9): 3000 ms by default, 16 px from the edges, type info unless said
 * otherwise. react-toastify 11 injects its own stylesheet at mount; toast.css beside this file
 * maps its colours onto the site's tokens so toasts follow `data-theme` (light and dark).
 * The library is its own chunk, loaded once the browser is idle after hydration: no page needs it
 * to show its content, and a toast asked for before the container mounts waits in the library's
 * queue.
 */
export {
  TOAST_AUTO_CLOSE_MS,
  TOAST_OFFSET_PX,
  DEFAULT_TOAST_TYPE,
  TOAST_CONTAINER_PROPS,
  type AppToastContainerProps,
} from './toast-options';
import { DEFAULT_TOAST_TYPE, type AppToastContainerProps } from './toast-options';
import './toast.css';

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

/** The one toast container of the site, mounted when the browser is idle after hydration, from its own chunk. */
export function AppToastContainer({ label }: AppToastContainerProps) {
  if (!useIdleAfterHydration()) return null;
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
  void import('react-toastify').then(({ toast }) => toast(content, { type: 'error', toastId: errorToastId(content) }));
}

function errorToastId(content: string): string {
  return `error:${content}`;
}

/** Closes the error toast of the shared HTTP client with this text, if it is still shown: what it said was made moot. */
export function dismissErrorToast(content: string): void {
  if (!inBrowser()) return;
  void import('react-toastify').then(({ toast }) => toast.dismiss(errorToastId(content)));
}
