import { LRUCache } from 'lru-cache';
import { ApiFailure } from '../../../shared/api-failure';
import { deepFreeze } from '../../../shared/deep-freeze';
import type { Language } from '../../../shared/languages';
import { makeReader, READS, type OperatorReader, type ReadAnswer, type ReadName, type ReadQuery } from '../../../shared/reads';
import type { Api } from '../../api/create-api';

/**
 * The reference API's public reads called directly by the server that embeds it, with typed
 * values: no HTTP request written and parsed, no JSON round trip, no middleware. The same handlers
 * answer the API's routes (server/api/reads.ts), so the answers are the same; a refusal rejects
 * with an ApiFailure (its status and the API's error body), as the HTTP reader does.
 *
 * The same caching rules as over HTTP: what the declaration marks cacheable (`maxAgeSeconds` of
 * shared/reads.ts: the catalogue 5 min, news 1 min, the category counts 10 s) is kept for that long
 * per language and query, frozen (one answer is handed to every render; nobody may change it);
 * the rest is read every time.
 */

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
    param?: string,
    query?: ReadQuery<N>,
  ): Promise<ReadAnswer<N>> {
    const seconds = READS[name].maxAgeSeconds;
    const key = seconds === null ? null : JSON.stringify([name, lang, param ?? null, query ?? {}]);
    if (key !== null) {
      const hit = kept.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value as ReadAnswer<N>);
    }
    const result = api.read(name, { lang, query, param, requestId });
    if (!result.ok) {
      const failure = new ApiFailure(result.status, result.body, { what: `the embedded read ${name}` });
      onFailure?.(failure);
      return Promise.reject(failure);
    }
    if (key !== null && seconds !== null) kept.set(key, { value: deepFreeze(result.value), until: now() + seconds * 1000 });
    return Promise.resolve(result.value);
  }

  return (request) => makeReader((name, param, query) => read(name, request, param, query as ReadQuery<typeof name> | undefined));
}
