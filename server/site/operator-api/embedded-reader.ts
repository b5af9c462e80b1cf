import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../../shared/deep-freeze';
import type { OperatorReader } from '../../../shared/operator-reader';
import type { Language } from '../../../shared/languages';
import type { Api, ReadResult } from '../../api/create-api';
import { MAX_AGE_SECONDS, type ReadName } from '../../api/catalogue-reads';

/**
 * The reference API's public reads called directly by the server that embeds it: no HTTP request
 * written and parsed, no JSON round trip, no middleware. The same functions answer the API's
 * routes (server/api/catalogue-reads.ts), so the answers are the same; a refusal rejects with the
 * same shape as the HTTP client's error (`isAxiosError`, the status and the API's error body),
 * which is all loaders look at.
 *
 * The same caching rules as over HTTP: what the API marks cacheable (MAX_AGE_SECONDS: the
 * catalogue 5 min, news 1 min, the category counts 10 s) is kept for that long per language and
 * query, frozen (one answer is handed to every render; nobody may change it); the rest is read
 * every time.
 */

/** What the HTTP client rejects with, as far as the site reads it (shared/http-error.ts, api-error.ts). */
export class EmbeddedReadError extends Error {
  readonly isAxiosError = true;
  readonly response: { status: number; data: unknown };

  constructor(name: ReadName, status: number, data: unknown) {
    super(`Request failed with status code ${status} (embedded read ${name})`);
    this.name = 'EmbeddedReadError';
    this.response = { status, data };
  }
}

type Query = Record<string, string>;

/** A query as axios sends it: absent values left out, the rest as text. */
function asQuery(params: object | undefined): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  return query;
}

/** The request a reader reads for: its language, its id (for the log), who hears of a failed read (the page cache). */
export interface ReaderRequest {
  lang: Language;
  signal?: AbortSignal;
  requestId?: string;
  onFailure?: (error: unknown) => void;
}

/** One reader per request. */
export type EmbeddedReaders = (request: ReaderRequest) => OperatorReader;

export function createEmbeddedReaders(api: Pick<Api, 'read'>, now: () => number = Date.now): EmbeddedReaders {
  // Bounded by entries, like the HTTP client's cache (a search by every query would not be kept).
  const kept = new LRUCache<string, { value: unknown; until: number }>({ max: 500 });

  function read<N extends ReadName>(
    name: N,
    { lang, requestId, onFailure }: ReaderRequest,
    params?: object,
    param?: string,
  ): Promise<Extract<ReadResult<N>, { ok: true }>['value']> {
    const query = asQuery(params);
    const seconds = MAX_AGE_SECONDS[name];
    const key = seconds === null ? null : JSON.stringify([name, lang, param ?? null, query]);
    if (key !== null) {
      const hit = kept.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value as Extract<ReadResult<N>, { ok: true }>['value']);
    }
    const result = api.read(name, lang, query, param, requestId);
    if (!result.ok) {
      const error = new EmbeddedReadError(name, result.status, result.body);
      onFailure?.(error);
      return Promise.reject(error);
    }
    if (key !== null && seconds !== null) kept.set(key, { value: deepFreeze(result.value), until: now() + seconds * 1000 });
    return Promise.resolve(result.value);
  }

  return (request) => ({
    tariffs: () => read('tariffs', request),
    tariffConstructor: () => read('tariffConstructor', request),
    simTypes: () => read('simTypes', request),
    numbers: (search) => read('numbers', request, search),
    numberCategories: () => read('numberCategories', request),
    news: (page) => read('news', request, page),
    newsItem: (slug) => read('newsItem', request, undefined, slug),
    pointsOfSale: (search) => read('pointsOfSale', request, search),
    auctions: (query) => read('auctions', request, query),
    auction: (id) => read('auction', request, undefined, id),
  });
}
