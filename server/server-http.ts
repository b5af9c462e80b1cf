import http from 'node:http';
import https from 'node:https';
import type { Request } from 'express';
import type { AxiosInstance } from 'axios';
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

/**
 * One client per request: fixed locale, no token storage, no toasts (DESIGN.md). Its calls end
 * with the request: a visitor who goes away cancels the API calls made for them.
 */
export function createServerHttpClient(req: Request, config: Config, lang: Language, signal: AbortSignal): AxiosInstance {
  const client = createHttpClient({ baseURL: serverApiBaseUrl(req, config), getLocale: () => lang, storage: null });
  client.defaults.signal = signal;
  client.defaults.httpAgent = httpAgent;
  client.defaults.httpsAgent = httpsAgent;
  // The embedded API answers over loopback: compressing and inflating each answer only costs CPU.
  if (!config.apiBaseUrl) client.defaults.headers.common['Accept-Encoding'] = 'identity';
  return client;
}
