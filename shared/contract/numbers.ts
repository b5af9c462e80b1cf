import { z } from 'zod';
import { checkUzPhone } from '../validation';
import { Int, itemsOf, Msisdn, pageQuery, queryBoolean, queryEnum, streamLanguage } from './common';
import { checked } from './checked';
import { NUMBER_SEARCH_DEPTH } from './search-depth';
import { CATEGORY_IDS, DATE_FORMS, NUMBER_PATTERNS, NUMBER_SORTS } from './values';

export { deepestPage, NUMBER_SEARCH_DEPTH } from './search-depth';

export const CategoryId = z.enum(CATEGORY_IDS);
export const NumberPattern = z.enum(NUMBER_PATTERNS);
export const NumberStatus = z.enum(['free', 'reserved', 'sold', 'auction']);

export const NumberCategory = z
  .strictObject({
    id: CategoryId,
    name: z.string(),
    price: Int,
    /** How the category reads, e.g. `___-xx-xx`. */
    pattern: z.string(),
    /** Numbers of this category free to reserve now. */
    available: Int,
  })
  .meta({ id: 'NumberCategory' });
export const CategoryList = itemsOf(NumberCategory).meta({ id: 'CategoryList' });

export const PhoneNumber = z
  .strictObject({
    number: Msisdn,
    /** +998 77 123 45 67 */
    formatted: z.string(),
    category: CategoryId,
    price: Int,
    status: NumberStatus,
    available: z.boolean(),
    /** Set when the number is sold by auction. */
    auctionId: z.string().nullable(),
    /** In a date search: the form of the date the number holds (DDMMYY, YYMMDD, DDMM, MMDD or YYYY). */
    dateForm: z.enum(DATE_FORMS).optional(),
  })
  .meta({ id: 'PhoneNumber' });

/** A number for sale close to the visitor's wish, with the places where it differs. */
export const NearNumber = PhoneNumber.extend({
  /** Places (0–6) among the seven subscriber digits whose digit differs from the wish. */
  differs: z.array(Int.min(0).max(6)),
}).meta({ id: 'NearNumber' });

export const NumberList = z
  .strictObject({
    items: z.array(PhoneNumber),
    /**
     * With a digit, ending or mask search that has fewer than a page of free results (on its first
     * page): up to a page of the closest free numbers, fewest differing digits first, then by price.
     */
    nearMatches: z.array(NearNumber).optional(),
    page: Int.min(1),
    pageSize: Int.min(1),
    total: Int.min(0).meta({ description: 'Exact when totalExact; otherwise more than this many match' }),
    /** False when `total` is a lower bound: more than `total` numbers match. */
    totalExact: z.boolean(),
    /** Pass as `cursor` for the page after this one (stable while numbers are reserved); null on the last page. */
    nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last one' }),
  })
  .meta({ id: 'NumberList' });

/** Up to nine digits, spaces and dashes between them ignored. */
export const digits = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^(?:[\s-]*\d){1,9}[\s-]*$/)
      .transform((value) => value.replace(/[\s-]/g, ''))
      .optional(),
  );

/** GET /numbers query. */
export const NumberSearchQuery = z.strictObject({
  category: queryEnum(CategoryId),
  contains: digits(),
  endsWith: digits(),
  /** e.g. XXX-YY-YY: the same letter is the same digit, `_` any digit. */
  mask: z
    .string()
    .max(40)
    .optional()
    .meta({ description: 'e.g. XXX-YY-YY: same letter = same digit, different letters = different digits, _ any digit' }),
  pattern: queryEnum(NumberPattern),
  /**
   * A date (25.11.1990 or 1990-11-25): numbers holding it as DDMMYY, YYMMDD, DDMM, MMDD or YYYY
   * among their seven subscriber digits, longer forms first, then by price. Replaces contains, endsWith and mask.
   */
  date: z.string().max(20).optional().meta({ description: 'e.g. 25.11.1990 or 1990-11-25; ranked DDMMYY, YYMMDD, DDMM, MMDD, YYYY' }),
  sort: queryEnum(z.enum(NUMBER_SORTS)),
  /** false (default): only numbers free to reserve; true: all, others with available=false. */
  includeUnavailable: queryBoolean(),
  ...pageQuery(100),
  /** Without a cursor, page × pageSize at most NUMBER_SEARCH_DEPTH (else 400 `page_too_deep`). */
  page: pageQuery(100).page.meta({
    description: `Without cursor, page × pageSize may be at most ${NUMBER_SEARCH_DEPTH} (else 400 page_too_deep): deeper, follow nextCursor`,
  }),
  /** nextCursor of the previous page: seeks straight to the page after it (then `page` only labels it). */
  cursor: z.string().max(40).optional().meta({
    description:
      'nextCursor of the previous page: seeks straight to the next one, stable while numbers are reserved; page then only labels it',
  }),
});

/** GET /numbers/{number}: the number in any usual spelling of an Uzbek mobile number. */
export const NumberPathParams = z.strictObject({ number: checked(z.string(), checkUzPhone) });

/** At most this many numbers per availability stream: a page of results and a page of near matches. */
export const NUMBER_EVENTS_MAX = 200;

/** GET /numbers/events: the numbers a results page shows, comma-separated (read by the stream itself, documented here). */
export const NumberEventsQuery = z.strictObject({
  numbers: z
    .string()
    .regex(new RegExp(`^\\+998\\d{9}(,\\+998\\d{9}){0,${NUMBER_EVENTS_MAX - 1}}$`))
    .transform((list) => [...new Set(list.split(','))])
    .meta({ description: `Up to ${NUMBER_EVENTS_MAX} numbers, e.g. +998771234567,+998771234568 (a + is %2B in a URL)` }),
  lang: streamLanguage,
});

// The data of the availability stream's events (Server-Sent Events: documented, not JSON responses).
export const NumberStatusEvent = z
  .strictObject({
    number: Msisdn,
    status: NumberStatus,
    /** The public id of the booking that holds the number (reserved, or ordered from a booking), else null. */
    bookingId: z.string().nullable().meta({
      description:
        'Public id of the booking that holds the number (as in the reservation answer), else null: a page knows its own booking by it',
    }),
  })
  .meta({ id: 'NumberStatusEvent' });
export const NumberSnapshotEvent = z.strictObject({ items: z.array(NumberStatusEvent) }).meta({ id: 'NumberSnapshotEvent' });
