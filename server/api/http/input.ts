/**
 * Request validation from the contract's schemas (shared/contract): a handler asks for its body,
 * query or path parameters through its schema and gets them typed and checked, or the request
 * ends in a 400 naming the first field at fault (its dotted path), in the request's language:
 * `unknown_field` for a field the schema does not know, `missing_field` for one it needs,
 * a shared/validation.ts code with the form's own message, else `invalid_field`.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import * as C from '../../../shared/contract';
import type { SchemaName } from '../../../shared/reads';
import { type Checked, type ValidationCode, validationMessageKey } from '../../../shared/validation';
import { ApiError, badRequest, type ErrorCode } from './api-error';

/**
 * The issue to report for a union (a nullable tariff or delivery): the one of the alternative
 * that got furthest into the value, so `delivery.method` is named rather than `delivery`.
 */
function innermost(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const candidates = issue.errors
    .map((branch) => branch[0])
    .filter((inner): inner is z.core.$ZodIssue => inner !== undefined && !(inner.code === 'invalid_type' && inner.path.length === 0));
  if (candidates.length === 0) return issue;
  const deepest = candidates.reduce((a, b) => (b.path.length > a.path.length ? b : a));
  return innermost({ ...deepest, path: [...issue.path, ...deepest.path] } as z.core.$ZodIssue);
}

function toApiError(reported: z.core.$ZodIssue): ApiError {
  const issue = innermost(reported);
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return badRequest('unknown_field', [...path, issue.keys[0]].join('.'));
  const field = path.join('.');
  if (issue.code === 'custom') {
    // The contract's cross-field rules name their code (shared/contract/orders.ts `fieldIssue`).
    const params = issue.params as { validation?: ValidationCode; code?: ErrorCode } | undefined;
    if (params?.validation) return validationError(params.validation, field);
    if (params?.code) return badRequest(params.code, field);
  }
  if (issue.code === 'invalid_union' && issue.discriminator) {
    const discriminated = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
    return badRequest(discriminated === undefined || discriminated === null ? 'missing_field' : 'invalid_field', field);
  }
  const absent = issue.input === undefined || issue.input === null || (issue.code === 'too_small' && issue.input === '');
  if (absent) return badRequest('missing_field', field);
  return badRequest('invalid_field', field);
}

/** The API's code of each form check of shared/validation.ts: its name in snake case. */
const VALIDATION_ERROR_CODES: Record<ValidationCode, ErrorCode> = {
  required: 'required',
  dateFormat: 'date_format',
  dateInFuture: 'date_in_future',
  dateTooOld: 'date_too_old',
  passportFormat: 'passport_format',
  pinflFormat: 'pinfl_format',
  pinflChecksum: 'pinfl_checksum',
  pinflBirthDate: 'pinfl_birth_date',
  pinflBirthDateMismatch: 'pinfl_birth_date_mismatch',
  identityFormat: 'identity_format',
  emailFormat: 'email_format',
  phoneFormat: 'phone_format',
};

function validationError(code: ValidationCode, field: string): ApiError {
  return new ApiError(400, VALIDATION_ERROR_CODES[code], { field, messageKey: validationMessageKey(code), params: { field } });
}

/** A value checked against the schema, or the 400 ApiError naming its first field at fault. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw toApiError(result.error.issues[0]);
  return result.data;
}

/** The JSON body: an object (no body at all counts as an empty one). */
export function body<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const raw: unknown = req.body;
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) throw badRequest('invalid_body');
  return parseInput(schema, raw ?? {});
}

/** Query parameters: each at most once (a repeated one is not text, so it is invalid), all of them known. */
export function query<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parseInput(schema, req.query);
}

/** Path parameters, for the routes whose parameter has a format. */
export function params<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parseInput(schema, req.params);
}

/** A shared/validation.ts check that needs the server (its clock), its error a 400 with the form's own message. */
export function valid<T>(result: Checked<T>, field: string): T {
  if (result.ok) return result.value;
  throw validationError(result.error, field);
}

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

/** The page of a list query, absent values defaulted. */
export function pageOf(q: { page?: number; pageSize?: number }, defaultSize: number): Page {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The contract's schema of a name a read declares (shared/reads.ts names its schemas, for the browser's sake). */
export function contractSchema(name: SchemaName): z.ZodType {
  return (C as unknown as Record<SchemaName, z.ZodType>)[name];
}
