import type { ApiErrorBody } from '../../shared/api-types';
import type { Language } from '../../shared/languages';
import type { ParamName, ReadAnswer, ReadName, ReadQuery } from '../../shared/reads';

/*
 * The shape of a public read's handler (shared/reads.ts declares the reads; each area's reads
 * module answers its own; server/api/reads.ts checks the input and serves them).
 */

/** What a read's handler is given: values already checked. */
export interface ReadInput<N extends ReadName> {
  lang: Language;
  query: ReadQuery<N>;
  /** The path parameter (`{id}`, `{slug}`...), checked by its schema where one is declared. */
  param: [ParamName<N>] extends [never] ? undefined : string;
  /** The caller's phone from an auth token, for a read declared `optionalAuth`; else null. */
  phone: string | null;
  /** Who asks, for a read declared `queued`. */
  caller: ReadCaller;
}

/**
 * Who asks for a read: a client of the API's routes, or the visitor a page is rendered for, by
 * address (`clientKey`; none for a render with no visitor), with a signal that fires once they
 * have gone (the number search's line counts them and drops what they left waiting: search-queue.ts).
 */
export interface ReadCaller {
  client?: string;
  signal?: AbortSignal;
}

/** A read's handler: its answer, or null for an unknown resource (the declared 404); awaited (the number search answers from its threads). */
export type ReadHandler<N extends ReadName> = (input: ReadInput<N>) => ReadAnswer<N> | null | Promise<ReadAnswer<N> | null>;

/** An area's reads (numbers, tariffs, news, points of sale, auctions), from its one reads module. */
export type ReadHandlers<K extends ReadName> = { [N in K]: ReadHandler<N> };

/** A read the site's own render asks of the embedded API (Api.read). */
export interface ReadRequest<N extends ReadName> {
  lang: Language;
  query?: ReadQuery<N>;
  /** The path parameter, for a read that has one (`{id}`, `{slug}`). */
  param?: string;
  /** The caller's phone (its auth token's), for a read that shows the caller's own position. */
  phone?: string | null;
  /** For the log. */
  requestId?: string;
  /** The visitor's address and the render's signal: the number search's line counts them (search-queue.ts). */
  client?: string;
  signal?: AbortSignal;
}

export type ReadResult<N extends ReadName> = { ok: true; value: ReadAnswer<N> } | { ok: false; status: number; body: ApiErrorBody };
