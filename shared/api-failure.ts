import type { ApiErrorBody } from './api-types';

/**
 * The operator API's answer to a call that it refused or failed (a 4xx or 5xx with its error
 * body), whichever way the call went: both readers reject with it (over HTTP, client/api/reader.ts;
 * direct, server/site/operator-api/embedded-reader.ts), and `apiFailureOf` reads the shared HTTP
 * client's own errors (the writes) as one too. A call that got no answer (network, timeout,
 * cancelled) is not an ApiFailure.
 */
export class ApiFailure extends Error {
  readonly status: number;
  /** The answer's body: the API's `{ error }`, or whatever an API in front of it sent. */
  readonly body: unknown;

  constructor(status: number, body: unknown, options?: { cause?: unknown; what?: string }) {
    super(`The operator API answered ${status}${options?.what ? ` to ${options.what}` : ''}`, { cause: options?.cause });
    this.name = 'ApiFailure';
    this.status = status;
    this.body = body;
  }

  /** The reference API's error (`code`, `message`, `field`), or null for another body. */
  get error(): ApiErrorBody['error'] | null {
    const inner = typeof this.body === 'object' && this.body !== null ? (this.body as { error?: unknown }).error : undefined;
    if (typeof inner !== 'object' || inner === null || typeof (inner as { code?: unknown }).code !== 'string') return null;
    return inner as ApiErrorBody['error'];
  }
}

/**
 * An error as an ApiFailure: itself, or an HTTP client's error that carries an answer (axios's
 * `isAxiosError` with a `response`, read without importing axios: the browser loads it with its
 * first request, client/api/api-client.ts); null for anything else.
 */
export function apiFailureOf(error: unknown): ApiFailure | null {
  if (error instanceof ApiFailure) return error;
  if (typeof error !== 'object' || error === null || (error as { isAxiosError?: unknown }).isAxiosError !== true) return null;
  const response = (error as { response?: { status: number; data: unknown } }).response;
  return response ? new ApiFailure(response.status, response.data, { cause: error }) : null;
}

/** The status of the API's answer to a failed call, or null when there was none. */
export function failureStatus(error: unknown): number | null {
  return apiFailureOf(error)?.status ?? null;
}
