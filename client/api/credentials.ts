import { CREDENTIAL_HEADERS, type Credential } from '../../shared/contract/credentials';
import {
  ACCESS_TOKEN_KEY,
  AUTH_TOKEN_KEY,
  browserStorage,
  nowInSeconds,
  readValidToken,
  RESERVATION_TOKEN_KEY,
  type BearerTokenKey,
} from '../../shared/tokens';

export type { Credential };

const STORAGE_KEYS: Record<Credential, BearerTokenKey> = {
  reservation: RESERVATION_TOKEN_KEY,
  auth: AUTH_TOKEN_KEY,
  order: ACCESS_TOKEN_KEY,
};

/**
 * Through readValidToken, as the shared client picks its Bearer token: an expired token is removed
 * and never sent (spec section 7). readReservation() would not do here: it keeps an expired
 * booking for the countdown to tell the visitor about, and sent it along in X-Reservation-Token.
 */
function tokenOf(kind: Credential): string | null {
  return readValidToken(STORAGE_KEYS[kind], browserStorage(), nowInSeconds());
}

/**
 * The one place the credential headers are built. The shared client sends one Bearer token (the
 * last valid of reservation-token, auth_token and access_token), so a visitor who holds several
 * would not send the one a request needs: each request names its tokens here, read from the
 * browser's storage at the moment it is sent. A token the visitor does not hold, or holds expired,
 * is left out and the API answers with its own refusal.
 */
export function credentialHeaders(...kinds: Credential[]): { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const kind of kinds) {
    const token = tokenOf(kind);
    if (token) headers[CREDENTIAL_HEADERS[kind]] = token;
  }
  return { headers };
}
