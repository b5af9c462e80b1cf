/**
 * Building blocks of the API contract (zod 4). Every shape of the reference operator API is one
 * schema in shared/contract/; the server validates requests with it, the OpenAPI document is
 * generated from it (server/api/openapi/) and shared/api-types.ts derives its types from it.
 * The browser imports these files only as types (`import type`), so zod never reaches its bundle;
 * the values it needs (ids, bounds) are in the zod-free values.ts, which the schemas are built from.
 * `.meta({ id })` names a schema: the OpenAPI document then has it under components/schemas.
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** A phone number as the API writes it: +998 and nine digits. */
export const Msisdn = z
  .string()
  .regex(/^\+998\d{9}$/)
  .meta({ examples: ['+998771234567'] });
/** An instant, ISO 8601 in UTC from the server's clock. */
export const DateTime = z.iso.datetime();
/** A calendar date, yyyy-mm-dd. */
export const IsoDate = z.iso.date();
/** Money in whole UZS, counts and other whole numbers. */
export const Int = z.int();

/** A list page: the items and where it is. */
export function paged<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), page: Int.min(1), pageSize: Int.min(1), total: Int.min(0) });
}

/** A whole list: `{ items }`. */
export const itemsOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item) });

/** The members of a query: each parameter at most once, as text, unknown ones refused. */
export const NoQuery = z.strictObject({});
/** The body of a POST that takes none: any field in it is unknown. */
export const NoBody = z.strictObject({});

/** Query text turned into a whole number; anything else stays text, so the schema refuses it. */
function queryInteger(value: unknown): unknown {
  if (value === '') return undefined;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
}

function queryDecimal(value: unknown): unknown {
  if (value === '') return undefined;
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function queryFlag(value: unknown): unknown {
  if (value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** An optional whole-number query parameter (absent or empty: the route's default). */
export const queryInt = (min: number, max: number) => z.preprocess(queryInteger, z.int().min(min).max(max).optional());
/** An optional decimal query parameter. */
export const queryNumber = (min: number, max: number) => z.preprocess(queryDecimal, z.number().min(min).max(max).optional());
/** An optional true/false (or 1/0) query parameter. */
export const queryBoolean = () => z.preprocess(queryFlag, z.boolean().optional());
/** An optional query parameter from a fixed list (empty: absent). */
export const queryEnum = <T extends z.ZodEnum>(values: T) => z.preprocess((value) => (value === '' ? undefined : value), values.optional());

/**
 * `lang` of a live stream's URL: the interface language, read like X-Language
 * (server/api/http/language.ts), because a browser's EventSource sends no header of its own.
 */
export const streamLanguage = queryEnum(z.enum(LANGUAGES)).meta({
  description:
    'The language of the messages (ru, en, uz, uz-cyrl), as X-Language: EventSource sends no headers, so a browser names it in the URL',
});

/** Page and page size of a list query. */
export const pageQuery = (maxSize: number) => ({ page: queryInt(1, 100_000), pageSize: queryInt(1, maxSize) });

/** A required text field of a body: empty is "missing", longer than `max` is invalid. */
export const text = (max: number) => z.string().min(1).max(max);

/**
 * A named schema (one with a component id) or null. zod-to-openapi writes `.nullable()` of a
 * `$ref` as an `allOf` that still refuses null; a union becomes `anyOf: [$ref, null]`.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
