/**
 * Every operation of the operator API that is not a public read (shared/reads.ts), each declared
 * once, in its area's table beside this file: its method and path, the contract schemas of its
 * path parameter, query, body and answer (named, from shared/contract), its status, the auth it
 * asks, the per-client limit it counts, the codes of its own refusals. Writes (POST, DELETE), the
 * reads of the caller's own data that need a token, and the live event streams. From this table:
 *
 * - the API's routes with their input checks, auth and limits (server/api/writes.ts), each
 *   answered by its area's handler;
 * - the OpenAPI document's operations (server/api/openapi/paths.ts);
 * - the site's typed call of each, `send(name, ...)` (client/api/writer.ts), whose answer is checked
 *   against its schema in development and tests;
 * - the writes table of `docs/api.md` (`npm run docs:api`, checked by `npm run lint`).
 *
 * The browser loads this table only with its first write (client/api/writer.ts), so no page's
 * first load carries it. How to add a write: docs/contributing.md.
 */
import type { z } from 'zod';
import type * as C from '../contract';
import type { Credential } from '../contract/credentials';
import type { ErrorCode } from '../contract/errors';
import { AUCTION_WRITES } from './auctions';
import { BOOKING_WRITES } from './booking';
import { AUTH_KINDS, LIMITS, type AuthKind, type AuthName, type ErrorStatus, type WriteDeclaration } from './declaration';
import { PURCHASE_WRITES } from './purchase';

export * from './declaration';

/** In the OpenAPI document's order (after the reads): booking, auctions, the purchase. */
export const WRITES = { ...BOOKING_WRITES, ...AUCTION_WRITES, ...PURCHASE_WRITES } as const satisfies Record<string, WriteDeclaration>;

export type Writes = typeof WRITES;
/** A write's name: its OpenAPI operationId. */
export type WriteName = keyof Writes;
export const WRITE_NAMES = Object.keys(WRITES) as WriteName[];

/** The writes answered with JSON (or nothing): the site sends them; it follows the streams with EventSource. */
export type SentWriteName = { [N in WriteName]: Writes[N] extends { events: string } ? never : N }[WriteName];

type SchemaOf<S> = S extends keyof typeof C ? (typeof C)[S] : never;
type Member<N extends WriteName, K extends string> = Writes[N] extends { [P in K]: infer S } ? SchemaOf<S> : never;

/** The write's answer; none for a 204. */
export type WriteAnswer<N extends WriteName> = [Member<N, 'answer'>] extends [never] ? void : z.output<Member<N, 'answer'>>;

/** The name of the write's path parameter, if it has one. */
export type WriteParamName<N extends WriteName> = Writes[N]['path'] extends `${string}{${infer P}}${string}` ? P : never;

/** What a caller sends: the path parameter, the query and the body, each where the write has one (a query of optional members may be left out). */
export type WriteCall<N extends WriteName> = ([WriteParamName<N>] extends [never] ? unknown : { param: string }) &
  ([Member<N, 'query'>] extends [never]
    ? unknown
    : Record<string, never> extends z.input<Member<N, 'query'>>
      ? { query?: z.input<Member<N, 'query'>> }
      : { query: z.input<Member<N, 'query'>> }) &
  ([Member<N, 'body'>] extends [never] ? unknown : { body: z.input<Member<N, 'body'>> });

/** The auth a write asks, if any. */
export type WriteAuth<N extends WriteName> = Writes[N] extends { auth: infer A extends AuthName } ? A : never;

/** The write's path with its parameter filled in (URL-encoded). */
export function writePath(name: WriteName, param?: string): string {
  const path: string = WRITES[name].path;
  return param === undefined ? path : path.replace(/\{\w+\}/, encodeURIComponent(param));
}

/** The name of the write's path parameter, or null. */
export function writeParamName(name: WriteName): string | null {
  return /\{(\w+)\}/.exec(WRITES[name].path)?.[1] ?? null;
}

/** The tokens a write reads, in the order the API checks them: the site sends each it holds. */
export function credentialsOf(name: WriteName): Credential[] {
  const declaration: WriteDeclaration = WRITES[name];
  return declaration.auth ? (Object.keys(AUTH_KINDS[declaration.auth].tokens) as Credential[]) : [];
}

/**
 * Every refusal a write may answer, by status, in order: a 400 for its input (with no code listed
 * for the schemas' own: `invalid_field`, `missing_field`, `unknown_field`), its auth's, its own,
 * its limit's. What the OpenAPI document and the docs table list.
 */
export function refusalsOf(name: WriteName): [ErrorStatus, ErrorCode[]][] {
  const declaration: WriteDeclaration = WRITES[name];
  const refusals = new Map<ErrorStatus, Set<ErrorCode>>();
  const add = (status: ErrorStatus, codes: readonly ErrorCode[] = []) => {
    const known = refusals.get(status) ?? new Set<ErrorCode>();
    for (const code of codes) known.add(code);
    refusals.set(status, known);
  };
  if (declaration.params || declaration.query || declaration.body || declaration.method === 'post') add(400);
  if (declaration.auth) {
    const kind: AuthKind = AUTH_KINDS[declaration.auth];
    for (const [credential, rule] of Object.entries(kind.tokens)) {
      if (rule === 'optional' || rule === undefined) continue;
      add(rule[0], [rule[1]]);
      add(401, [credential === 'reservation' ? 'reservation_expired' : 'token_expired', 'token_invalid']);
    }
    if (kind.oneOf) add(kind.oneOf[0], [kind.oneOf[1], 'token_expired', 'token_invalid']);
  }
  for (const [status, codes] of Object.entries(declaration.errors ?? {})) add(Number(status) as ErrorStatus, codes);
  if (declaration.limit) add(429, LIMITS[declaration.limit]);
  return [...refusals].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes]]);
}
