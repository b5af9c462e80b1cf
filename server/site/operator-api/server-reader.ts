import { httpReader, type OperatorReader } from '../../../client/api/reader';
import type { Api } from '../../api/create-api';
import type { ServerHttp } from './http-client';
import { createEmbeddedReaders, type ReaderRequest } from './embedded-reader';
import type { ConfirmReads, OnRead } from './read-validators';

/**
 * The reads of one server request: in its language, ended by its abort signal, under its request
 * id (a read's error is logged with it; over HTTP it is sent as X-Request-Id), telling `onFailure`
 * of a failed read and what each read read: the embedded API the state of its data (`onData`), an
 * API over HTTP each GET and its answer's ETag (`onRead`).
 */
export type ServerReaderRequest = ReaderRequest & { signal: AbortSignal; onRead?: OnRead };

export interface ServerReader {
  (request: ServerReaderRequest): OperatorReader;
  /**
   * Over HTTP: asks the API whether the answers of earlier reads stand (their ETags, in
   * If-None-Match). Absent for the embedded API, whose versions the page store compares itself.
   */
  confirm?: ConfirmReads;
}

/**
 * The server's reader of the operator API: with the embedded reference API, its reads called
 * directly (no HTTP); with API_BASE_URL, GET requests of the server's HTTP client, as the
 * specification's shared client makes them.
 */
export function createServerReader(api: Pick<Api, 'read' | 'dataState' | 'now'> | null, serverHttp: ServerHttp | null): ServerReader {
  if (api) {
    const embedded = createEmbeddedReaders(api);
    // A direct read is over before a visitor could leave: there is nothing to cancel.
    return embedded;
  }
  if (!serverHttp) throw new Error('createServerReader: an operator API, embedded or over HTTP (API_BASE_URL), is needed');
  const reader: ServerReader = (request) => httpReader(serverHttp(request));
  reader.confirm = serverHttp.confirm;
  return reader;
}
