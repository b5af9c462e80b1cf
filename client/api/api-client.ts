import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { languageFromPath } from '../../shared/languages';
import type { ApiClient } from '../framework/request-context';
import { browserI18nFor } from '../framework/language-loader';
import { showErrorToast } from '../platform/toast';

type LocationSource = { state: { location: { pathname: string }; navigation: { location?: { pathname: string } } } };

export type { ApiClient };

let browserClient: Promise<AxiosInstance> | null = null;
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
 * The browser's one client, created with the first request: hydration uses the server's data,
 * so axios (a fifth of the first load) is only downloaded when the page first asks for something.
 */
function loadBrowserClient(): Promise<AxiosInstance> {
  browserClient ??= import('../../shared/http').then(({ createHttpClient }) =>
    createHttpClient({
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
    }),
  );
  return browserClient;
}

const lazyBrowserClient: ApiClient = {
  get: <T = unknown, R = AxiosResponse<T>, D = unknown>(url: string, config?: AxiosRequestConfig<D>) =>
    loadBrowserClient().then((client) => client.get<T, R, D>(url, config)),
  delete: <T = unknown, R = AxiosResponse<T>, D = unknown>(url: string, config?: AxiosRequestConfig<D>) =>
    loadBrowserClient().then((client) => client.delete<T, R, D>(url, config)),
  post: <T = unknown, R = AxiosResponse<T>, D = unknown>(url: string, data?: D, config?: AxiosRequestConfig<D>) =>
    loadBrowserClient().then((client) => client.post<T, R, D>(url, data, config)),
  put: <T = unknown, R = AxiosResponse<T>, D = unknown>(url: string, data?: D, config?: AxiosRequestConfig<D>) =>
    loadBrowserClient().then((client) => client.put<T, R, D>(url, data, config)),
  patch: <T = unknown, R = AxiosResponse<T>, D = unknown>(url: string, data?: D, config?: AxiosRequestConfig<D>) =>
    loadBrowserClient().then((client) => client.patch<T, R, D>(url, data, config)),
} as ApiClient;

/**
 * The browser's shared HTTP client, one for the page's lifetime. The server has none of its
 * own for loaders: it reads the operator API through its request context's reader
 * (client/api/reader.ts), and never makes a call with a visitor's tokens.
 */
export function apiClient(): ApiClient {
  if (typeof window === 'undefined')
    throw new Error("apiClient: the browser's client; the server reads through its request context's reader");
  return lazyBrowserClient;
}
