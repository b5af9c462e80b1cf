import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { http as RUSSIAN_HTTP_TEXTS } from '../locales/ru.json';
import { languageFromPath, languageOfTag, type Language } from './languages';
import { bearerToken, browserStorage, nowInSeconds, removeExpiredAfterRefusal, type TokenStorage } from './tokens';

/**
 * The one HTTP client of the site (spec section 7). It runs on both sides: in the browser with
 * localStorage and toasts; on the server (only with API_BASE_URL: otherwise the server reads its
 * embedded API directly) with neither, one client per language made once, with a fixed locale, so
 * the locale of one render can never leak into another (server/site/operator-api/http-client.ts).
 */

export const HTTP_TIMEOUT_MS = 10000;

export type HttpMessageKind = 'generic' | 'timeout' | 'network';
export type HttpMessages = Record<HttpMessageKind, string> | ((kind: HttpMessageKind) => string);

/**
 * Used only when the caller passes no localized texts: the `http` section of the site's Russian
 * texts (Russian is the site's fallback language). A named import of one top-level key, so the
 * bundle takes that section alone, not the whole file.
 */
export const FALLBACK_HTTP_MESSAGES: Record<HttpMessageKind, string> = RUSSIAN_HTTP_TEXTS;

export interface HttpClientOptions {
  baseURL: string;
  /** The active interface locale; may be undefined before the language is known. */
  getLocale: () => string | undefined;
  /** For the fallback: the first path segment when it is uz or en, else ru. */
  getPathname?: () => string | undefined;
  /** Where tokens live. Omitted: the browser's localStorage when there is one. null: none (the server). */
  storage?: TokenStorage | null;
  /** Shows the error toast; absent on the server. */
  notifyError?: (content: string) => void;
  /** Localized texts for failures without a body to show. */
  messages?: HttpMessages;
  /** Milliseconds, like Date.now (injectable so tests control token expiry). */
  now?: () => number;
}

/** The request locale: the interface locale, else the path prefix (uz, en, uz-cyrl), else ru. */
export function resolveRequestLocale(interfaceLocale: string | undefined, pathname: string | undefined): Language {
  // Tags such as "en-US" and "uz-Cyrl-UZ" too (languageOfTag).
  return (interfaceLocale && languageOfTag(interfaceLocale)) || languageFromPath(pathname ?? '/');
}

function messageFor(kind: HttpMessageKind, messages: HttpMessages | undefined): string {
  if (typeof messages === 'function') return messages(kind) || FALLBACK_HTTP_MESSAGES[kind];
  return messages?.[kind] || FALLBACK_HTTP_MESSAGES[kind];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The sentence an API meant for people: `error.message` of the reference API, or the usual variants. */
function messageOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const { error, message } = body;
  if (isRecord(error) && nonBlank(error.message)) return error.message;
  if (nonBlank(message)) return message;
  if (nonBlank(error)) return error;
  return null;
}

/** JSON without a message, as short readable text: `key: value; key: (nested: value)`. */
function readable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(readable).filter(Boolean).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => {
        const text = readable(item);
        if (!text) return '';
        return isRecord(item) ? `${key}: (${text})` : `${key}: ${text}`;
      })
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

/** A body axios left as bytes (responseType arraybuffer) is read as the text it carries. */
function decodeBytes(data: unknown): unknown {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? data : null;
  if (!bytes) return data;
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isTimeout(error: AxiosError): boolean {
  // axios reports its own timeout as ECONNABORTED unless transitional.clarifyTimeoutError is set.
  return error.code === AxiosError.ETIMEDOUT || (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message));
}

/**
 * The content of the error toast (spec section 8): the response body whatever the status — a
 * string as is, JSON as readable text (its `error.message` when present) — or, with no body, a
 * localized generic text; a timeout or a network failure gets its own localized text.
 */
export function errorToastContent(error: unknown, messages?: HttpMessages): string {
  if (!axios.isAxiosError(error)) return messageFor('generic', messages);
  if (!error.response) return messageFor(isTimeout(error) ? 'timeout' : 'network', messages);
  const body = decodeBytes(error.response.data);
  if (typeof body === 'string') return nonBlank(body) ? body : messageFor('generic', messages);
  const text = messageOf(body) ?? readable(body);
  return text || messageFor('generic', messages);
}

export function createHttpClient(options: HttpClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: HTTP_TIMEOUT_MS,
    withCredentials: false,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  // Looked up per request: a client made before storage is reachable still finds it later.
  const storage = (): TokenStorage | null => (options.storage === undefined ? browserStorage() : options.storage);
  const nowSeconds = () => nowInSeconds((options.now ?? Date.now)());

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const locale = resolveRequestLocale(options.getLocale(), options.getPathname?.());
    config.headers.set('Accept-Language', locale);
    config.headers.set('X-Language', locale);
    const token = bearerToken(storage(), nowSeconds());
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    // A cancelled request (a navigation superseded its loader) is not a failure to tell anyone about.
    if (axios.isCancel(error)) return Promise.reject(error);
    if (options.notifyError) {
      try {
        options.notifyError(errorToastContent(error, options.messages));
      } catch (toastError) {
        // A broken toast must never replace the error the caller is waiting for.
        console.error('http: the error toast failed', toastError);
      }
    }
    const status = axios.isAxiosError(error) ? error.response?.status : undefined;
    if (status === 401 || status === 403) removeExpiredAfterRefusal(storage(), nowSeconds());
    return Promise.reject(error);
  });

  return client;
}
