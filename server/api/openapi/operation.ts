/**
 * One operation of the OpenAPI document (`Operation`), turned into zod-to-openapi's route
 * (`route`): its security, language header and error answers, the same for every operation. A
 * public read's operation comes from its declaration in shared/reads.ts (`readOperation`), every
 * other one from its declaration in shared/writes/ (`writeOperation`).
 */
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import * as C from '../../../shared/contract';
import { LANGUAGES } from '../../../shared/languages';
import { contractSchema } from '../http/input';
import { paramNameOf, READS, type ReadDeclaration, type ReadName } from '../../../shared/reads';
import { refusalsOf, writeParamName, WRITES, type AuthName, type WriteDeclaration, type WriteName } from '../../../shared/writes';

/** Who may call an operation: the kinds of auth of the writes (shared/writes/declaration.ts), and a read's optional auth token. */
type Security = AuthName | 'optionalAuth';

const SECURITY: Record<Security, Record<string, string[]>[]> = {
  reservation: [{ reservationToken: [] }, { bearer: [] }],
  auth: [{ bearer: [] }, { authToken: [] }],
  authAndOptionalReservation: [
    { bearer: [] },
    { authToken: [] },
    { reservationToken: [], bearer: [] },
    { reservationToken: [], authToken: [] },
  ],
  reservationAndAuth: [
    { reservationToken: [], bearer: [] },
    { reservationToken: [], authToken: [] },
  ],
  orderOrAuth: [{ bearer: [] }, { accessToken: [] }, { authToken: [] }],
  optionalAuth: [{}, { bearer: [] }, { authToken: [] }],
  optionalReservationAndAuth: [{}, { reservationToken: [] }, { authToken: [] }, { reservationToken: [], authToken: [] }, { bearer: [] }],
};

export const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input; `field` names it',
  401: 'Missing, expired or forged token',
  403: 'The token grants nothing on this resource, or a step is missing',
  404: 'Unknown resource',
  409: 'Conflict with the current state',
  413: 'Body above 100 kB',
  415: 'Body is not JSON',
  429: 'Too many requests; see retryAfterSeconds and Retry-After',
  503: 'The server is at capacity for this kind of request; see retryAfterSeconds and Retry-After',
};

const XLanguage = z.enum(LANGUAGES).optional().meta({
  description:
    'Language of messages and texts (uz-cyrl: Uzbek in Cyrillic); else Accept-Language (uz-Cyrl picks uz-cyrl), else ru. A `lang` query parameter (the live streams take one: EventSource sends no headers) comes before it.',
});
const languageHeader = z.object({ 'X-Language': XLanguage });

export interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  security?: Security;
  ok: [status: number, schema: z.ZodType | null];
  /** A Server-Sent Events response instead of JSON: what its events are. */
  events?: string;
  errors: number[];
  /** What an error status means on this operation, where ERROR_TEXT says too little (its codes). */
  errorText?: Partial<Record<number, string>>;
}

export const JSON_TYPE = 'application/json';

export function route(op: Operation): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  const [status, schema] = op.ok;
  responses[String(status)] = op.events
    ? { description: op.events, content: { 'text/event-stream': { schema: z.string() } } }
    : schema
      ? { description: 'OK', content: { [JSON_TYPE]: { schema } } }
      : { description: 'No content' };
  for (const code of [...op.errors, ...(op.body ? [413, 415] : [])]) {
    responses[String(code)] = {
      description: op.errorText?.[code] ?? ERROR_TEXT[code],
      content: { [JSON_TYPE]: { schema: C.ApiErrorBody } },
    };
  }
  return {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    request: {
      params: op.params,
      query: op.query,
      headers: languageHeader,
      ...(op.body ? { body: { required: true, content: { [JSON_TYPE]: { schema: op.body } } } } : {}),
    },
    // No requirement listed: the operation reads no token.
    security: op.security ? SECURITY[op.security] : [],
    responses,
  };
}

const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');

/** A public read as its declaration (shared/reads.ts) says: its path parameter as text, its schemas, its 400 and 404. */
export function readOperation(name: ReadName): Operation {
  const read: ReadDeclaration = READS[name];
  const paramName = paramNameOf(name);
  return {
    method: 'get',
    path: read.path,
    operationId: read.operationId,
    summary: read.summary,
    tag: read.tag,
    params: paramName ? z.strictObject({ [paramName]: z.string() }) : undefined,
    query: read.query ? (contractSchema(read.query) as z.ZodObject) : undefined,
    security: read.optionalAuth ? 'optionalAuth' : undefined,
    ok: [200, contractSchema(read.answer)],
    errors: [400, ...(read.notFound ? [404] : []), ...(read.queued ? [429, 503] : [])],
    errorText: {
      400: read.badRequestText ?? (read.badRequest ? `${ERROR_TEXT[400]} (${codes(read.badRequest)})` : undefined),
      404: read.notFound ? `${ERROR_TEXT[404]} (${codes([read.notFound])})` : undefined,
      429: read.queued ? `${ERROR_TEXT[429]} (\`too_many_searches\`: this client's searches already waiting)` : undefined,
      503: read.queued ? `${ERROR_TEXT[503]} (\`search_busy\`: the searches' queue is full, or this one waited too long)` : undefined,
    },
  };
}

/** Any other operation as its declaration (shared/writes/) says: its path parameter as text, its schemas, its refusals with their codes. */
export function writeOperation(name: WriteName): Operation {
  const write: WriteDeclaration = WRITES[name];
  const paramName = writeParamName(name);
  const refusals = refusalsOf(name);
  return {
    method: write.method,
    path: write.path,
    operationId: name,
    summary: write.summary,
    tag: write.tag,
    params: paramName ? z.strictObject({ [paramName]: z.string() }) : undefined,
    query: write.query ? (contractSchema(write.query) as z.ZodObject) : undefined,
    body: write.body ? contractSchema(write.body) : undefined,
    security: write.auth,
    ok: [write.status, write.answer ? contractSchema(write.answer) : null],
    events: write.events,
    errors: refusals.map(([status]) => status),
    errorText: Object.fromEntries(
      refusals.map(([status, list]) => [
        status,
        write.errorText?.[status] ?? (list.length > 0 ? `${ERROR_TEXT[status]} (${codes(list)})` : ERROR_TEXT[status]),
      ]),
    ),
  };
}
