import type { Request, Response } from 'express';
import type { z } from 'zod';
import type * as C from '../../shared/contract';
import type { Language } from '../../shared/languages';
import type { WriteAnswer, WriteAuth, WriteName, WriteParamName, Writes } from '../../shared/writes';
import type { TokenClaims } from './http/tokens';

/*
 * The shape of a write's handler (shared/writes/ declares the writes; each area's routes module
 * answers its own; server/api/writes.ts checks the input, the auth and the limit, and serves them).
 */

type SchemaOf<S> = S extends keyof typeof C ? (typeof C)[S] : never;
type Checked<N extends WriteName, K extends string> = Writes[N] extends { [P in K]: infer S } ? z.output<SchemaOf<S>> : undefined;

/** The tokens of each kind of auth (shared/writes/declaration.ts AUTH_KINDS), verified: null for an optional one not sent. */
interface TokensOfAuth {
  reservation: { reservation: TokenClaims };
  auth: { auth: TokenClaims };
  authAndOptionalReservation: { auth: TokenClaims; reservation: TokenClaims | null };
  reservationAndAuth: { reservation: TokenClaims; auth: TokenClaims };
  orderOrAuth: { order: TokenClaims | null; auth: TokenClaims | null };
  optionalReservationAndAuth: { reservation: TokenClaims | null; auth: TokenClaims | null };
}

export type WriteTokens<N extends WriteName> = [WriteAuth<N>] extends [never] ? Record<string, never> : TokensOfAuth[WriteAuth<N>];

/** What a write's handler is given: values already checked. */
export interface WriteInput<N extends WriteName> {
  lang: Language;
  /** The path parameter (`{id}`), checked by its schema where one is declared. */
  param: [WriteParamName<N>] extends [never] ? undefined : string;
  query: Checked<N, 'query'>;
  body: Checked<N, 'body'>;
  tokens: WriteTokens<N>;
  /** The request itself, for what no declaration says: the client's address, the API's base URL. */
  req: Request;
}

/** A stream's handler writes the events itself. */
type Answering<N extends WriteName> = Writes[N] extends { events: string }
  ? (input: WriteInput<N> & { res: Response }) => Promise<void>
  : (input: WriteInput<N>) => WriteAnswer<N> | Promise<WriteAnswer<N>>;

/**
 * A write's handler: a function of its checked input returning the answer, or, where a check must
 * come before the body is read (the resource and the caller's right to it, whether the operation
 * is on at all), `before` with that check, returning the rest of the write.
 */
export type WriteHandler<N extends WriteName> =
  Answering<N> | { before: (input: Omit<WriteInput<N>, 'body'>) => Answering<N> | Promise<Answering<N>> };

/** An area's writes, from its routes module. */
export type WriteHandlers<K extends WriteName> = { [N in K]: WriteHandler<N> };

/**
 * Answers of writes that did nothing new (a booking answered with the one its token already
 * holds): the write's declared limit gives back what it counted for them (server/api/writes.ts).
 */
export const nothingNew = new WeakSet<object>();
