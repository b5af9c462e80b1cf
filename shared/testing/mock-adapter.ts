// Test-only: a fake axios transport and a client wired to it, shared by the http tests.
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import en from '../../locales/en.json';
import { createHttpClient, type HttpClientOptions } from '../http';
import { MapStorage, NOW_MS } from './forged-jwt';

export interface Reply {
  status: number;
  /** A string is what travels on the wire: axios parses JSON from it, as it does for real. */
  data?: unknown;
  delayMs?: number;
}

/** A fake transport: records every request and answers like a server would. */
export function mockAdapter(answer: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply> = () => ({ status: 200, data: '{}' })) {
  const calls: InternalAxiosRequestConfig[] = [];
  const thrown: AxiosError[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await answer(config);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (config.validateStatus?.(reply.status) ?? true) return response;
    const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    const error = new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
    thrown.push(error);
    throw error;
  };
  return { adapter, calls, thrown };
}

export function failingAdapter(message: string, code: string) {
  const thrown: AxiosError[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const error = new AxiosError(message, code, config, {});
    thrown.push(error);
    throw error;
  };
  return { adapter, thrown };
}

export function makeClient(overrides: Partial<HttpClientOptions> = {}, adapter: AxiosAdapter = mockAdapter().adapter) {
  const toasts: string[] = [];
  const client = createHttpClient({
    baseURL: 'http://api.test/api/v1',
    getLocale: () => 'en',
    storage: new MapStorage(),
    notifyError: (content) => toasts.push(content),
    messages: en.http,
    now: () => NOW_MS,
    ...overrides,
  });
  client.defaults.adapter = adapter;
  return { client, toasts };
}

export const header = (config: InternalAxiosRequestConfig, name: string) => config.headers.get(name);
