import { httpReader, type OperatorReader } from '../../../client/api/reader';
import type { Language } from '../../../shared/languages';
import type { Api } from '../../api/create-api';
import type { ServerHttp } from './http-client';
import { createEmbeddedReaders } from './embedded-reader';

/** The reads of one server request: its language, its abort signal, and who hears of a failed read. */
export type ServerReader = (lang: Language, signal: AbortSignal, onFailure?: (error: unknown) => void) => OperatorReader;

/**
 * The server's reader of the operator API: with the embedded reference API, its reads called
 * directly (no HTTP); with API_BASE_URL, GET requests of the server's HTTP client, as the
 * specification's shared client makes them.
 */
export function createServerReader(api: Pick<Api, 'read'> | null, serverHttp: ServerHttp | null): ServerReader {
  if (api) {
    const embedded = createEmbeddedReaders(api);
    // A direct read is over before a visitor could leave: there is nothing to cancel.
    return (lang, _signal, onFailure) => embedded(lang, onFailure);
  }
  if (!serverHttp) throw new Error('createServerReader: an operator API, embedded or over HTTP (API_BASE_URL), is needed');
  return (lang, signal, onFailure) => httpReader(serverHttp(lang, signal, onFailure));
}
