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
 * Who asks for a read: the site's own render (`site`: served first by the number search's threads,
 * which keep room for it) or a client of the API's routes (`api`), by its address (`clientKey`),
 * with a signal that fires once it has gone (a search still waiting is dropped then).
 */
export interface ReadCaller {
  lane: 'site' | 'api';
  client?: string;
  signal?: AbortSignal;
}

/** A read's handler: its answer, or null for an unknown resource (the declared 404); awaited (the number search answers from its threads). */
export type ReadHandler<N extends ReadName> = (input: ReadInput<N>) => ReadAnswer<N> | null | Promise<ReadAnswer<N> | null>;

/** An area's reads (numbers, tariffs, news, points of sale, auctions), from its one reads module. */
export type ReadHandlers<K extends ReadName> = { [N in K]: ReadHandler<N> };
