import type { AxiosInstance } from 'axios';
import type { CacheAxiosResponse } from 'axios-cache-interceptor';
import { etagMatches } from '../../api/create-api';
import type { Language } from '../../../shared/languages';

/**
 * With an external operator API (API_BASE_URL) the API's own HTTP validators say whether a stored
 * page still shows what the API answers: each GET of a render is reported with the ETag its answer
 * carried, and before the stored page is served again each one is asked again with If-None-Match
 * (docs/api.md, "Versions of the data"; the page store: server/site/render/page-cache.ts).
 */

/** One GET of the operator API as a render made it, and the ETag its answer carried. */
export interface ValidatedRead {
  lang: Language;
  /** The path under API_BASE_URL, its parameter filled in. */
  path: string;
  /** The query, as the request sent it. */
  params: Readonly<Record<string, unknown>> | null;
  etag: string;
}

/** Told of each GET as it starts; the function it returns hears the answer's ETag (null: it carried none) once it is answered. */
export type OnRead = (read: Omit<ValidatedRead, 'etag'>) => (etag: string | null) => void;

/**
 * Whether the API still answers every one of `reads` as it did: true when each answers 304 to its
 * ETag (or the same ETag), false when one has another. Rejects when the API cannot say (down,
 * too slow, an error status), so a page nobody could confirm is rendered instead of served.
 */
export type ConfirmReads = (reads: readonly ValidatedRead[]) => Promise<boolean>;

/** A check slower than this renders the page instead (a render streams its shell within STREAM_AFTER_MS). */
const CHECK_TIMEOUT_MS = 2000;

/** The ETag of an answer, if it carried one. */
export function etagOf(answer: { headers?: unknown }): string | null {
  const tag = (answer.headers as Record<string, unknown> | undefined)?.etag;
  return typeof tag === 'string' && tag !== '' ? tag : null;
}

/**
 * Checks through the server's own clients (one per language, with axios-cache-interceptor), so a
 * check and the render after it see the same answers:
 * - an answer the cache keeps and still holds fresh (`public, max-age` not yet over) answers the
 *   check itself, with no request: the API said it may be kept that long;
 * - an answer it keeps past its max-age is revalidated by the cache itself (`etag: true`: its
 *   If-None-Match names the kept answer's ETag, and a 304 renews that answer);
 * - an answer it keeps no copy of (`no-cache`, `no-store`, not `public`) is asked for with the
 *   recorded ETag in If-None-Match: a 304 confirms it.
 * In every case the answer's ETag is then compared with the one the page recorded.
 */
export function confirmReadsWith(clients: Readonly<Record<Language, AxiosInstance>>): ConfirmReads {
  return async (reads) => {
    const answers = await Promise.all(
      reads.map((read) =>
        clients[read.lang].get(read.path, {
          params: read.params ?? undefined,
          headers: { 'If-None-Match': read.etag },
          timeout: CHECK_TIMEOUT_MS,
          // The cache accepts a 304 only for requests it revalidates itself.
          validateStatus: (status) => status === 200 || status === 304,
        }),
      ),
    );
    return answers.every((answer, i) => stands(answer as CacheAxiosResponse, reads[i].etag));
  };
}

function stands(answer: CacheAxiosResponse, etag: string): boolean {
  // An old copy the cache handed out because the API failed (stale-if-error) confirms nothing.
  if (answer.stale) throw new Error(`The operator API did not answer ${answer.config.url}: a stale copy cannot confirm a page`);
  if (answer.status === 304) return true;
  const tag = etagOf(answer);
  return tag !== null && etagMatches(tag, etag);
}
