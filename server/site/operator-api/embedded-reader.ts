import { LRUCache } from 'lru-cache';
import { ApiFailure } from '../../../shared/api-failure';
import { deepFreeze } from '../../../shared/deep-freeze';
import type { Language } from '../../../shared/languages';
import { makeReader, type OperatorReader, type ReadAnswer, type ReadName, type ReadQuery } from '../../../shared/reads';
import type { Api } from '../../api/create-api';
import type { DataState } from '../../api/create-api';

/**
 * The reference API's public reads called directly by the server that embeds it, with typed
 * values: no HTTP request written and parsed, no JSON round trip, no middleware. The same handlers
 * answer the API's routes (server/api/reads.ts), so the answers are the same; a refusal rejects
 * with an ApiFailure (its status and the API's error body), as the HTTP reader does.
 *
 * An answer is kept, per language, parameter and query, for as long as the data it was made from
 * stands: the state of that data (its version, and the moment the clock would change it) is taken
 * before each read, and a kept answer made in another state is read again. No time-to-live: a
 * change is seen by the next read, and nothing unchanged is read twice. Kept answers are frozen
 * (one answer is handed to every render; nobody may change it).
 */

/** The request a reader reads for: its language, its id (for the log), who hears of what it read. */
export interface ReaderRequest {
  lang: Language;
  signal?: AbortSignal;
  requestId?: string;
  /** The visitor's address (the number search's line counts the searches a visitor's pages ask). */
  client?: string;
  /** Told of every failed read (a page built from one is not stored). */
  onFailure?: (error: unknown) => void;
  /** Told of the state of the data each read reads, taken before the read (the page store's dependencies). */
  onData?: (state: DataState) => void;
}

/** One reader per request. */
export type EmbeddedReaders = (request: ReaderRequest) => OperatorReader;

type EmbeddedApi = Pick<Api, 'read' | 'dataState' | 'now'>;

/** Whether an answer made in state `made` is still the answer in state `current`. */
function stillTrue(made: DataState | null, current: DataState | null, now: number): boolean {
  if (made === null || current === null) return made === current;
  return made.version === current.version && now < made.until;
}

export function createEmbeddedReaders(api: EmbeddedApi): EmbeddedReaders {
  // Bounded by entries, like the HTTP client's cache (a search by every query would not be kept).
  const kept = new LRUCache<string, { value: unknown; state: DataState | null }>({ max: 500 });

  async function read<N extends ReadName>(
    name: N,
    { lang, requestId, client, signal, onFailure, onData }: ReaderRequest,
    param?: string,
    query?: ReadQuery<N>,
  ): Promise<ReadAnswer<N>> {
    // Before the read: a change while it runs leaves its answer (and the page) already stale.
    const state = api.dataState(name, param);
    if (state) onData?.(state);
    const key = JSON.stringify([name, lang, param ?? null, query ?? {}]);
    const hit = kept.get(key);
    if (hit && stillTrue(hit.state, state, api.now())) return hit.value as ReadAnswer<N>;
    // The number search answers from its own threads (server/api/numbers/search-pool.ts).
    const result = await api.read(name, { lang, query, param, requestId, client, signal });
    if (!result.ok) {
      const failure = new ApiFailure(result.status, result.body, { what: `the embedded read ${name}` });
      onFailure?.(failure);
      throw failure;
    }
    kept.set(key, { value: deepFreeze(result.value), state });
    return result.value;
  }

  return (request) => makeReader((name, param, query) => read(name, request, param, query as ReadQuery<typeof name> | undefined));
}
