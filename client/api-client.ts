import type { AxiosInstance } from 'axios';
import { createHttpClient } from '../shared/http';
import { languageFromPath } from '../shared/languages';
import { isServerRequestContext } from './request-context';
import { browserI18nFor } from './language-loader';
import { showErrorToast } from './platform/toast';

type LocationSource = { state: { location: { pathname: string }; navigation: { location?: { pathname: string } } } };

let browserClient: AxiosInstance | null = null;
let router: LocationSource | null = null;

/** The router tells which page the interface is showing, or about to show. */
export function connectApiClientToRouter(source: LocationSource): void {
  router = source;
}

/**
 * The interface locale: the language of the page being navigated to (its loaders fetch its data),
 * else of the page on screen.
 */
function interfaceLocale(): string | undefined {
  const path = router?.state.navigation.location?.pathname ?? router?.state.location.pathname;
  return path === undefined ? undefined : languageFromPath(path);
}

/**
 * The shared HTTP client for a loader or form: on the server the request's own client (passed
 * as the loader's `context`), in the browser one client for the page's lifetime.
 */
export function apiClient(context?: unknown): AxiosInstance {
  if (isServerRequestContext(context)) return context.http;
  if (typeof window === 'undefined') throw new Error('apiClient: the server must pass the request context');
  browserClient ??= createHttpClient({
    baseURL: window.__APP__.config.apiBaseUrl,
    getLocale: interfaceLocale,
    getPathname: () => window.location.pathname,
    notifyError: showErrorToast,
    messages: (kind) => {
      try {
        return browserI18nFor(languageFromPath(window.location.pathname)).t(`http.${kind}`);
      } catch {
        return '';
      }
    },
  });
  return browserClient;
}
