/**
 * An error a client can cause, turned into `{ error: { code, message, field? } }` with its status
 * by the router's error handler. The message is looked up in the request's language by key.
 */
import type { ErrorCode } from '../../../shared/contract';

export type { ErrorCode };
export type ErrorParams = Record<string, string | number>;

export interface ApiErrorOptions {
  field?: string;
  params?: ErrorParams;
  /** Locale key of the message; defaults to errors.<camelCase code> (server/api/messages/). */
  messageKey?: string;
  /** Extra machine-readable members of the error object (e.g. retryAfterSeconds). */
  extra?: Record<string, number | string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly options: ApiErrorOptions = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export function camelCase(code: string): string {
  return code.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

export const badRequest = (code: ErrorCode, field?: string, params?: ErrorParams) =>
  new ApiError(400, code, { field, params: { ...(field ? { field } : {}), ...params } });

export const notFound = (code: ErrorCode) => new ApiError(404, code);
export const conflict = (code: ErrorCode, params?: ErrorParams) => new ApiError(409, code, { params });
export const unauthorized = (code: ErrorCode) => new ApiError(401, code);
export const forbidden = (code: ErrorCode) => new ApiError(403, code);
