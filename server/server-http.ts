import http from 'node:http';
import https from 'node:https';
import type { Request } from 'express';
import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { apiEndpointOf, type SiteMetrics } from './metrics';
import type { Language } from '../shared/languages';
import { createHttpClient } from '../shared/http';
import type { Config } from './config';

/**
 * Where the server's own loaders reach the API: the configured operator API, or this very
 * server's embedded one through the address the request arrived on (always reachable, also on
 * a random test port).
 */
export function serverApiBaseUrl(req: Request, config: Config): string {
  if (config.apiBaseUrl) return config.apiBaseUrl;
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? (address.startsWith('::ffff:') ? address.slice(7) : `[${address}]`) : address;
  return `http://${host}:${req.socket.localPort}/api/v1`;
}

// Reused connections to the API: a page render makes several calls, and a new TCP connection for
// each one costs more than the call. The agents hold no per-request state.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 128 });

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
      done(response.config, String(response.status));
      return response;
    },
    (error: unknown) => {
      // A visitor who left cancelled the call: nobody's failure.
      if (axios.isCancel(error)) return Promise.reject(error);
      const failure = error as AxiosError;
      const kind = failure.response ? String(failure.response.status) : failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT' ? 'timeout' : 'network';
      done(failure.config, failure.response ? String(failure.response.status) : kind);
      metrics.apiErrors.inc({ endpoint: apiEndpointOf(failure.config?.url), kind });
      return Promise.reject(error);
    },
  );
}

/**
 * One client per request: fixed locale, no token storage, no toasts (DESIGN.md). Its calls end
 * with the request: a visitor who goes away cancels the API calls made for them.
 */
export function createServerHttpClient(req: Request, config: Config, lang: Language, signal: AbortSignal, metrics?: SiteMetrics): AxiosInstance {
  const client = createHttpClient({ baseURL: serverApiBaseUrl(req, config), getLocale: () => lang, storage: null });
  if (metrics) measure(client, metrics);
  client.defaults.signal = signal;
  client.defaults.httpAgent = httpAgent;
  client.defaults.httpsAgent = httpsAgent;
  // The embedded API answers over loopback: compressing and inflating each answer only costs CPU.
  if (!config.apiBaseUrl) client.defaults.headers.common['Accept-Encoding'] = 'identity';
  return client;
}
