import type { AxiosInstance } from 'axios';
import type { Language } from '../../shared/languages';
import type { OperatorReader } from '../../shared/reads';

/** The part of the shared client that loaders and forms use. */
export type ApiClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/**
 * What the server hands to loaders as `context` for one request: its language and a reader of
 * its own (so nothing of one request, such as its locale, leaks into another).
 */
export interface ServerRequestContext {
  lang: Language;
  /**
   * The API's public reads for this request (client/api/reader.ts). The server reads nothing
   * else: tokens live in the browser, so it never makes a credentialed call.
   */
  reader: OperatorReader;
  /** How long loaders wait for optional data before streaming it (config STREAM_AFTER_MS). */
  streamAfterMs: number;
}

export function isServerRequestContext(value: unknown): value is ServerRequestContext {
  return typeof value === 'object' && value !== null && 'reader' in value && 'lang' in value;
}
