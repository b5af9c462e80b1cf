import type { SentWriteName, WriteAnswer, WriteCall } from '../../shared/writes';
import { apiClient } from './api-client';
import { credentialHeaders } from './credentials';

/**
 * The table of the writes (shared/writes/), loaded with the first write rather than with the
 * page: its summaries and refusals are documentation, and no page's first load should carry them.
 */
let table: Promise<typeof import('../../shared/writes')> | null = null;
const writes = () => (table ??= import('../../shared/writes'));

/** What a write takes: nothing, or its path parameter, query and body as declared. */
type CallOf<N extends SentWriteName> = object extends WriteCall<N> ? [call?: WriteCall<N>] : [call: WriteCall<N>];

/**
 * One write of shared/writes/ through the browser's shared client (its language headers, timeout,
 * error toast), made from its declaration: its method, its path with the parameter filled in, the
 * query as parameters, the body, and the tokens its auth reads (`credentialHeaders`, read from
 * storage as it is sent). The answer is typed by the declared schema; in development and tests it
 * is checked against it (answer-check.ts, loaded only there: the production bundle carries no zod).
 * A refusal rejects with the client's error, as before.
 */
export async function send<N extends SentWriteName>(name: N, ...[call]: CallOf<N>): Promise<WriteAnswer<N>> {
  const { WRITES, credentialsOf, writePath } = await writes();
  const { param, query, body }: { param?: string; query?: object; body?: unknown } = call ?? {};
  const url = writePath(name, param);
  const config = { ...credentialHeaders(...credentialsOf(name)), ...(query === undefined ? {} : { params: query }) };
  const client = apiClient();
  const method = WRITES[name].method;
  const { data } =
    method === 'post'
      ? await client.post<WriteAnswer<N>>(url, body ?? {}, config)
      : method === 'delete'
        ? await client.delete<WriteAnswer<N>>(url, config)
        : await client.get<WriteAnswer<N>>(url, config);
  if (process.env.NODE_ENV !== 'production') (await import('./answer-check')).checkAnswer(name, data);
  return data;
}
