import { apiFailureOf } from '../../shared/api-failure';
import { makeReader, readPath, type OperatorReader } from '../../shared/reads';
import { apiClient, type ApiClient } from './api-client';
import { requestOf, type RouteContext } from '../framework/request-context';

export type { OperatorReader, RouteContext };

/**
 * Every read of shared/reads.ts as a GET request of the shared client (its language headers,
 * timeout, error toast), made from the declaration: its path with the parameter filled in, the
 * query as parameters. An answer that refuses rejects as an ApiFailure, as the direct reader does.
 */
export function httpReader(client: ApiClient): OperatorReader {
  return makeReader(async (name, param, query) => {
    try {
      return (await client.get<unknown>(readPath(name, param), query ? { params: query } : undefined)).data;
    } catch (error) {
      throw apiFailureOf(error) ?? error;
    }
  });
}

let browserReader: OperatorReader | null = null;

/** The reader of a loader's `context`: the server request's own, else the browser's over HTTP. */
export function readerOf(context?: RouteContext): OperatorReader {
  const request = context && requestOf(context);
  if (request?.side === 'server') return request.reader;
  browserReader ??= httpReader(apiClient());
  return browserReader;
}
