import type { Request } from 'express';
import { type Checked, validationMessageKey } from '../../../shared/validation';
import { ApiError, badRequest, snakeCase } from './api-error';

/**
 * Input checks shared by every handler: unknown fields are a 400 naming the field, every value
 * is checked for type and range, so nothing a client sends reaches the store unchecked.
 */
export type Fields = Record<string, unknown>;

export function body(req: Request, allowed: readonly string[]): Fields {
  const raw: unknown = req.body;
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('invalid_body');
  rejectUnknown(raw as Fields, allowed);
  return raw as Fields;
}

/** Query parameters: each at most once, all of them known. */
export function query(req: Request, allowed: readonly string[]): Record<string, string | undefined> {
  const raw = req.query as Record<string, unknown>;
  rejectUnknown(raw, allowed);
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw badRequest('invalid_field', key);
    out[key] = value;
  }
  return out;
}

function rejectUnknown(fields: Fields, allowed: readonly string[]): void {
  for (const key of Object.keys(fields)) {
    if (!allowed.includes(key)) throw badRequest('unknown_field', key);
  }
}

export function requireField(fields: Fields, field: string, prefix = ''): unknown {
  const value = fields[field];
  if (value === undefined || value === null || value === '') throw badRequest('missing_field', prefix + field);
  return value;
}

export function stringField(fields: Fields, field: string, max = 200, prefix = ''): string {
  const value = requireField(fields, field, prefix);
  if (typeof value !== 'string' || value.length > max) throw badRequest('invalid_field', prefix + field);
  return value;
}

export function optionalString(fields: Fields, field: string, max = 200, prefix = ''): string | undefined {
  if (fields[field] === undefined || fields[field] === null) return undefined;
  return stringField(fields, field, max, prefix);
}

export function integerField(fields: Fields, field: string, min: number, max: number, prefix = ''): number {
  const value = requireField(fields, field, prefix);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badRequest('invalid_field', prefix + field);
  }
  return value;
}

export function booleanField(fields: Fields, field: string, fallback: boolean, prefix = ''): boolean {
  const value = fields[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw badRequest('invalid_field', prefix + field);
  return value;
}

export function enumValue<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw badRequest('invalid_field', field);
  return value as T;
}

/** A whole number from a query string, or the fallback when the parameter is absent. */
export function queryInt(value: string | undefined, field: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value)) throw badRequest('invalid_field', field);
  const n = Number(value);
  if (n < min || n > max) throw badRequest('invalid_field', field);
  return n;
}

export function queryNumber(value: string | undefined, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw badRequest('invalid_field', field);
  const n = Number(value);
  if (n < min || n > max) throw badRequest('invalid_field', field);
  return n;
}

export function queryBoolean(value: string | undefined, field: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw badRequest('invalid_field', field);
}

/** A shared/validation.ts result, its error turned into a 400 with the form's own message. */
export function valid<T>(result: Checked<T>, field: string): T {
  if (result.ok) return result.value;
  throw new ApiError(400, snakeCase(result.error), { field, messageKey: validationMessageKey(result.error), params: { field } });
}

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageOf(q: Record<string, string | undefined>, defaultSize: number, maxSize = 100): Page {
  const page = queryInt(q.page, 'page', 1, 1, 100_000);
  const pageSize = queryInt(q.pageSize, 'pageSize', defaultSize, 1, maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
