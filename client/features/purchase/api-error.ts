import { isHttpError } from '../../../shared/http-error';
import { API_ERROR_CODES, type ApiErrorBody } from '../../../shared/api-types';
import type { ErrorCode } from '../../../shared/contract/errors';

/** The reference API's error code of a failed request, or null (network failure, other body). */
export function apiErrorOf(error: unknown): ApiErrorBody['error'] | null {
  // Not axios itself: the browser loads it with the first request (client/framework/api-client.ts).
  if (!isHttpError(error)) return null;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null) return null;
  const inner = (body as { error?: unknown }).error;
  if (typeof inner !== 'object' || inner === null || typeof (inner as { code?: unknown }).code !== 'string') return null;
  return inner as ApiErrorBody['error'];
}

export function apiErrorCode(error: unknown): ErrorCode | null {
  return apiErrorOf(error)?.code ?? null;
}

/** The spec's own message for the codes that have one (docs/api.md), as a locale key. */
export function specMessageKey(code: ErrorCode | null): string | null {
  switch (code) {
    case API_ERROR_CODES.numberRequired:
      return 'messages.selectNumberFirst';
    case API_ERROR_CODES.registrationRequired:
      return 'messages.registerFirst';
    case API_ERROR_CODES.reservationExpired:
      return 'messages.bookingExpired';
    default:
      return null;
  }
}
