import http from 'node:http';
import https from 'node:https';
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { buildKeyGenerator, buildMemoryStorage, setupCache, type CacheRequestConfig } from 'axios-cache-interceptor';
import { apiEndpointOf, type SiteMetrics } from '../../process/metrics';
import { LANGUAGES, type Language } from '../../../shared/languages';
import type { ApiClient } from '../../../client/framework/request-context';
import { CREDENTIAL_HEADER_NAMES } from '../../../shared/contract/credentials';
import { deepFreeze } from '../../../shared/deep-freeze';
import { createHttpClient } from '../../../shared/http';
import { confirmReadsWith, etagOf, type ConfirmReads, type OnRead } from './read-validators';

// Reused connections to the API: a page render makes several calls, and a new TCP connection for
// each one costs more than the call. The agents hold no per-request state.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 128 });

/**
 * Answers the API marks cacheable (`Cache-Control: public, max-age`: tariffs, the constructor's
 * options, SIM types, points of sale, news, category counts) are kept for every render of this
 * process by axios-cache-interceptor, per API origin and language; anything else (`no-store`, no
 * header, `private`) is asked for every time. A kept answer past its max-age that carried an ETag
 * is asked for with it (If-None-Match), and a 304 renews it. Bounded by entries, cleaned every minute.
 *
 * Kept answers are handed out as they are, not cloned on every read (the clone showed in the
 * profile of every page): instead they are frozen when stored, so a loader that tried to change
 * one would fail loudly rather than change it for every later visitor.
 */
const sharedCache = buildMemoryStorage(false, 60_000, 500);
const storeEntry = sharedCache.set.bind(sharedCache);
sharedCache.set = (key, value, request) => {
  if (value.state === 'cached') deepFreeze(value.data.data);
  return storeEntry(key, value, request);
};

const CREDENTIALS = new Set(['authorization', ...CREDENTIAL_HEADER_NAMES]);

function carriesCredentials(headers: object | undefined): boolean {
  return Object.entries(headers ?? {}).some(([name, value]) => CREDENTIALS.has(name.toLowerCase()) && Boolean(value));
}

export function cacheByHeaders(client: AxiosInstance, lang: Language): void {
  setupCache(client, {
    storage: sharedCache,
    interpretHeader: true,
    // Never a default lifetime: only what the API says may be kept is kept.
    ttl: 0,
    // The API's own answer is what counts, not a request telling caches to stand aside.
    cacheTakeover: false,
    // The default, named because the page store's checks rely on it (read-validators.ts).
    etag: true,
    methods: ['get'],
    generateKey: buildKeyGenerator((request) => ({ base: request.baseURL, url: request.url, params: request.params, lang })),
    cachePredicate: {
      statusCheck: (status) => status === 200,
      // A visitor's credentials mean an answer for that visitor alone: never kept.
      responseMatch: (response) =>
        /\bpublic\b/.test(String(response.headers['cache-control'] ?? '')) && !carriesCredentials(response.config.headers),
    },
  });
  // Registered after the cache's own, so it runs before it: a request carrying credentials never
  // reads from the shared cache either.
  client.interceptors.request.use((request) => {
    if (carriesCredentials(request.headers)) (request as CacheRequestConfig).cache = false;
    return request;
  });
}

const started = new WeakMap<object, () => number>();

/** Duration of every call by endpoint pattern and status, and failures by kind. */
function measure(client: AxiosInstance, metrics: SiteMetrics): void {
  client.interceptors.request.use((request) => {
    started.set(request, metrics.apiDuration.startTimer({ endpoint: apiEndpointOf(request.url) }));
    return request;
  });
  const done = (request: InternalAxiosRequestConfig | undefined, status: string) => {
    const stop = request ? started.get(request) : undefined;
    if (stop) (stop as (labels: { status: string }) => number)({ status });
  };
  client.interceptors.response.use(
    (response) => {
      // An answer from the server's own cache is not a call to the API.
      if ((response as { cached?: boolean }).cached) started.delete(response.config);
      else done(response.config, String(response.status));
      return response;
    },
    (error: unknown) => {
      // A visitor who left cancelled the call: nobody's failure.
      if (axios.isCancel(error)) return Promise.reject(error);
      const failure = error as AxiosError;
      const kind = failure.response
        ? String(failure.response.status)
        : failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT'
          ? 'timeout'
          : 'network';
      done(failure.config, failure.response ? String(failure.response.status) : kind);
      metrics.apiErrors.inc({ endpoint: apiEndpointOf(failure.config?.url), kind });
      return Promise.reject(error);
    },
  );
}

/** One request's calls: its language, its signal, its id (sent as X-Request-Id), and who hears of them. */
export interface ServerHttpRequest {
  lang: Language;
  signal: AbortSignal;
  /** Told of every call that failed (the renderer does not keep a page built from a failed call). */
  onFailure?: (error: unknown) => void;
  requestId?: string;
  /** Told of every GET and the ETag of its answer (the page store confirms a page by them). */
  onRead?: OnRead;
}

/** A client for one request's API calls, and the check of reads made earlier (read-validators.ts). */
export interface ServerHttp {
  (request: ServerHttpRequest): ApiClient;
  confirm: ConfirmReads;
}

export interface ServerHttpOptions {
  metrics?: SiteMetrics;
}

/**
 * One request's view of its language's client: every call carries the request's signal, so a
 * visitor who goes away cancels the API calls made for them, and its failures and reads are reported.
 */
function forRequest(client: AxiosInstance, { lang, signal, onFailure, requestId, onRead }: ServerHttpRequest): ApiClient {
  // The page's request id goes with each of its calls, so the API's log lines join the page's.
  const headers = requestId ? { 'X-Request-Id': requestId } : undefined;
  const withSignal = <D>(config: AxiosRequestConfig<D> | undefined): AxiosRequestConfig<D> => ({
    ...config,
    ...(headers ? { headers: { ...headers, ...(config?.headers as Record<string, string> | undefined) } } : {}),
    signal: config?.signal ?? signal,
  });
  const reported = <T>(call: Promise<T>): Promise<T> =>
    onFailure
      ? call.catch((error: unknown) => {
          onFailure(error);
          throw error;
        })
      : call;
  const read = <T>(url: string, config: AxiosRequestConfig | undefined): Promise<AxiosResponse<T>> => {
    const answered = onRead?.({ lang, path: url, params: (config?.params as Record<string, unknown> | undefined) ?? null });
    const call = client.get<T>(url, withSignal(config));
    if (!answered) return call;
    return call.then((answer) => {
      answered(etagOf(answer));
      return answer;
    });
  };
  return {
    get: (url, config) => reported(read(url, config)),
    delete: (url, config) => reported(client.delete(url, withSignal(config))),
    post: (url, data, config) => reported(client.post(url, data, withSignal(config))),
    put: (url, data, config) => reported(client.put(url, data, withSignal(config))),
    patch: (url, data, config) => reported(client.patch(url, data, withSignal(config))),
  } as ApiClient;
}

/**
 * The server's own calls to an operator API over HTTP (API_BASE_URL; the embedded API is read
 * directly, server/site/operator-api/): one client per language, made once, with a fixed locale,
 * no token storage and no toasts (DESIGN.md); each request gets a view of it that carries its
 * signal. A client per request (axios.create, the cache's and the metrics' interceptors) cost
 * more than a cached call.
 */
export function createServerHttp(apiBaseUrl: string, options: ServerHttpOptions = {}): ServerHttp {
  const clientFor = (lang: Language): AxiosInstance => {
    const client = createHttpClient({ baseURL: apiBaseUrl, getLocale: () => lang, storage: null });
    if (options.metrics) measure(client, options.metrics);
    cacheByHeaders(client, lang);
    client.defaults.httpAgent = httpAgent;
    client.defaults.httpsAgent = httpsAgent;
    // Never a proxy from the environment between the server and its API.
    client.defaults.proxy = false;
    // Nor a redirect: the API answers what it is asked, and a server that followed one could be
    // sent anywhere. Without redirects axios also uses node's http directly instead of
    // follow-redirects, a third less CPU per call.
    client.defaults.maxRedirects = 0;
    return client;
  };
  const clients = Object.fromEntries(LANGUAGES.map((lang) => [lang, clientFor(lang)])) as Record<Language, AxiosInstance>;
  return Object.assign((request: ServerHttpRequest) => forRequest(clients[request.lang], request), { confirm: confirmReadsWith(clients) });
}
