import type { CSSProperties } from 'react';
import type { ToastContainerProps, TypeOptions } from 'react-toastify';

/** The site's toast settings, shared by the API (toast.tsx) and the lazily loaded container (toast-view.tsx). */
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
