/**
 * The operator API's public reads, each declared once: its path, the contract schemas of its query,
 * path parameter and answer (named, from shared/contract), the error code of an unknown resource,
 * whether it reads the caller's auth token, and how long anyone may keep its answer. Everything
 * else is derived from this table:
 *
 * - the API's routes and the site's direct calls (server/api/reads.ts): the query and path checked
 *   by the named schemas, the answer marked cacheable for `maxAgeSeconds`, a null answer a 404
 *   with `notFound`;
 * - the OpenAPI document's operations (server/api/openapi/paths.ts);
 * - the site's reader type `OperatorReader` and its two implementations, over HTTP
 *   (client/api/reader.ts) and direct (server/site/operator-api/embedded-reader.ts);
 * - the reads table of `docs/api.md` (`npm run docs:api`, checked by `npm run lint`).
 *
 * Schemas are named, not imported: the browser bundle carries this table (the reader needs the
 * paths) and must not carry zod, so only their types come in (`import type`). How to add a read:
 * docs/contributing.md.
 */
import type { z } from 'zod';
import type * as C from './contract';
import type { ErrorCode } from './contract/errors';
import { NUMBER_SEARCH_DEPTH } from './contract/search-depth';

/** Catalogue data that changes with a release: tariffs, the constructor's options, SIM types, points of sale. */
export const CATALOGUE_SECONDS = 300;
/**
 * News: editors publish a few items a week, and a minute's delay before a new one shows is
 * nothing to a reader; every page but the number search reads it.
 */
export const NEWS_SECONDS = 60;
/** How many numbers each category has free: it moves with every booking, so only briefly. */
export const AVAILABILITY_SECONDS = 10;

/** The name of a schema of the contract. */
export type SchemaName = { [K in keyof typeof C]: (typeof C)[K] extends z.ZodType ? K : never }[keyof typeof C];

export interface ReadDeclaration {
  /** The path under /api/v1, with at most one `{parameter}`. */
  path: `/${string}`;
  operationId: string;
  summary: string;
  tag: 'news' | 'tariffs' | 'numbers' | 'auctions' | 'points of sale';
  /** The query's schema; none: any parameter is refused. */
  query?: SchemaName;
  /** The path parameter's schema, where it is more than any text. */
  params?: SchemaName;
  answer: SchemaName;
  /** The code of a 404: the handler answered null (or the resource is unknown). */
  notFound?: ErrorCode;
  /** Codes of 400 beyond the schema's own (`invalid_field`, `missing_field`, `unknown_field`). */
  badRequest?: readonly ErrorCode[];
  /** What a 400 means here, where the codes say too little. */
  badRequestText?: string;
  /** With an auth token, the answer adds the caller's own position. */
  optionalAuth?: true;
  /**
   * Answered in turn by a bounded queue (the number search's threads): a client with too many
   * searches waiting is 429 `too_many_searches`, a full queue or a wait past its limit 503
   * `search_busy`, both with Retry-After.
   */
  queued?: true;
  /** How long anyone may keep the answer (Cache-Control max-age); null: never. */
  maxAgeSeconds: number | null;
  /**
   * What the answer is made of: a page that read it is served again from the page store only
   * while this data's version stands (server/api/store/data-versions.ts). `lot`: the one lot the
   * path names; `release`: fixed by the code, changed only by a new build.
   */
  data: DataTopic;
}

/** The kinds of public data whose versions the store keeps. */
export type DataTopic = 'news' | 'tariffs' | 'numbers' | 'auctions' | 'lot' | 'points' | 'release';

export const READS = {
  news: {
    path: '/news',
    operationId: 'listNews',
    summary: 'News, newest first',
    tag: 'news',
    query: 'NewsListQuery',
    answer: 'NewsList',
    maxAgeSeconds: NEWS_SECONDS,
    data: 'news',
  },
  newsItem: {
    path: '/news/{slug}',
    operationId: 'getNews',
    summary: 'One news item',
    tag: 'news',
    answer: 'NewsItem',
    notFound: 'news_not_found',
    maxAgeSeconds: NEWS_SECONDS,
    data: 'news',
  },
  tariffs: {
    path: '/tariffs',
    operationId: 'listTariffs',
    summary: 'Ready tariffs with a subscription fee',
    tag: 'tariffs',
    answer: 'TariffList',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'tariffs',
  },
  tariff: {
    path: '/tariffs/{id}',
    operationId: 'getTariff',
    summary: 'One ready tariff',
    tag: 'tariffs',
    answer: 'ReadyTariff',
    notFound: 'tariff_not_found',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'tariffs',
  },
  tariffConstructor: {
    path: '/tariff-constructor',
    operationId: 'getConstructor',
    summary: 'Constructor steps, add-ons and discount',
    tag: 'tariffs',
    answer: 'ConstructorOptions',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'release',
  },
  tariffQuote: {
    path: '/tariff-constructor/quote',
    operationId: 'quoteTariff',
    summary: 'Price of a combination (same function as shared/tariff-pricing.ts)',
    tag: 'tariffs',
    query: 'TariffQuoteQuery',
    answer: 'TariffQuote',
    badRequest: ['not_a_step'],
    maxAgeSeconds: null,
    data: 'release',
  },
  simTypes: {
    path: '/sim-types',
    operationId: 'listSimTypes',
    summary: 'eSIM and physical SIM',
    tag: 'tariffs',
    answer: 'SimTypeList',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'release',
  },
  numbers: {
    path: '/numbers',
    operationId: 'searchNumbers',
    summary: 'Search numbers',
    tag: 'numbers',
    query: 'NumberSearchQuery',
    answer: 'NumberList',
    badRequest: ['invalid_mask', 'invalid_date', 'page_too_deep'],
    badRequestText: `Bad input; \`field\` names it. \`page_too_deep\` on \`page\`: without a cursor, page × pageSize is above ${NUMBER_SEARCH_DEPTH}; follow nextCursor, or narrow the search`,
    queued: true,
    maxAgeSeconds: null,
    data: 'numbers',
  },
  numberCategories: {
    path: '/numbers/categories',
    operationId: 'listCategories',
    summary: 'Categories with price and pattern',
    tag: 'numbers',
    answer: 'CategoryList',
    maxAgeSeconds: AVAILABILITY_SECONDS,
    data: 'numbers',
  },
  number: {
    path: '/numbers/{number}',
    operationId: 'getNumber',
    summary: 'One number and its status',
    tag: 'numbers',
    params: 'NumberPathParams',
    answer: 'PhoneNumber',
    notFound: 'number_not_found',
    maxAgeSeconds: null,
    data: 'numbers',
  },
  auctions: {
    path: '/auctions',
    operationId: 'listLots',
    summary: 'Auction lots',
    tag: 'auctions',
    query: 'AuctionListQuery',
    answer: 'AuctionLotList',
    optionalAuth: true,
    maxAgeSeconds: null,
    data: 'auctions',
  },
  auction: {
    path: '/auctions/{id}',
    operationId: 'getLot',
    summary: 'One lot with recent bids',
    tag: 'auctions',
    answer: 'AuctionLotDetail',
    notFound: 'lot_not_found',
    optionalAuth: true,
    maxAgeSeconds: null,
    data: 'lot',
  },
  pointsOfSale: {
    path: '/points-of-sale',
    operationId: 'listPointsOfSale',
    summary: 'Points of sale; with lat/lon, nearest first with distanceKm',
    tag: 'points of sale',
    query: 'PointOfSaleQuery',
    answer: 'PointOfSaleList',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'points',
  },
  pointOfSale: {
    path: '/points-of-sale/{id}',
    operationId: 'getPointOfSale',
    summary: 'One point of sale',
    tag: 'points of sale',
    answer: 'PointOfSale',
    notFound: 'point_not_found',
    maxAgeSeconds: CATALOGUE_SECONDS,
    data: 'points',
  },
} as const satisfies Record<string, ReadDeclaration>;

export type Reads = typeof READS;
export type ReadName = keyof Reads;

type SchemaOf<S> = S extends keyof typeof C ? (typeof C)[S] : never;

/** What a read's query means once checked (every member optional): what the readers take. */
export type ReadQuery<N extends ReadName> = Reads[N] extends { query: infer Q } ? z.output<SchemaOf<Q>> : Record<string, never>;

/** The name of a read's path parameter, if it has one. */
export type ParamName<N extends ReadName> = Reads[N]['path'] extends `${string}{${infer P}}${string}` ? P : never;

/** The read's answer. */
export type ReadAnswer<N extends ReadName> = z.output<SchemaOf<Reads[N]['answer']>>;

/** A reader's method for a read: the path parameter first (if any), then the query. */
export type ReaderMethod<N extends ReadName> = [ParamName<N>] extends [never]
  ? (query?: ReadQuery<N>) => Promise<ReadAnswer<N>>
  : (param: string, query?: ReadQuery<N>) => Promise<ReadAnswer<N>>;

/** The public reads, one typed method each: over HTTP (client/api/reader.ts) or direct (server/site/operator-api/). */
export type OperatorReader = { [N in ReadName]: ReaderMethod<N> };

export const READ_NAMES = Object.keys(READS) as ReadName[];

/**
 * A reader made from one function that performs a read: each method's arguments (the path
 * parameter first, for a read that has one, then the query) handed to it by name. Both readers
 * are made so (client/api/reader.ts, server/site/operator-api/embedded-reader.ts).
 */
export function makeReader(
  perform: (name: ReadName, param: string | undefined, query: object | undefined) => Promise<unknown>,
): OperatorReader {
  const method = (name: ReadName) =>
    paramNameOf(name) === null
      ? (query?: object) => perform(name, undefined, query)
      : (param: string, query?: object) => perform(name, param, query);
  return Object.fromEntries(READ_NAMES.map((name) => [name, method(name)])) as unknown as OperatorReader;
}

/** The read's path with its parameter filled in (URL-encoded). */
export function readPath(name: ReadName, param?: string): string {
  const path: string = READS[name].path;
  return param === undefined ? path : path.replace(/\{\w+\}/, encodeURIComponent(param));
}

/** The name of the read's path parameter, or null. */
export function paramNameOf(name: ReadName): string | null {
  return /\{(\w+)\}/.exec(READS[name].path)?.[1] ?? null;
}
