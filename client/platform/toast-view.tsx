import { ToastContainer } from 'react-toastify';
import { TOAST_CONTAINER_PROPS, type AppToastContainerProps } from './toast-options';

/** The library's container with the site's settings (loaded lazily by AppToastContainer). */
export function ToastView({ label }: AppToastContainerProps) {
  // Passing aria-label={undefined} would erase the library's default name, so only pass a real one.
  return <ToastContainer {...TOAST_CONTAINER_PROPS} {...(label ? { 'aria-label': label } : {})} />;
}
