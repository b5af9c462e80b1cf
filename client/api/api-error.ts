import { apiFailureOf } from '../../shared/api-failure';
import { API_ERROR_CODES, type ApiErrorBody } from '../../shared/api-types';
import type { ErrorCode } from '../../shared/contract/errors';

/** The reference API's error code of a failed request, or null (network failure, other body). */
export function apiErrorOf(error: unknown): ApiErrorBody['error'] | null {
  return apiFailureOf(error)?.error ?? null;
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
