import { CREDENTIAL_HEADERS, type Credential } from '../../shared/contract/credentials';
import { readAuth, readOrderAccess, readReservation } from '../../shared/tokens';

export type { Credential };

function tokenOf(kind: Credential): string | null {
  switch (kind) {
    case 'reservation':
      return readReservation()?.token ?? null;
    case 'auth':
      return readAuth()?.token ?? null;
    case 'order':
      return readOrderAccess()?.token ?? null;
  }
}

/**
 * The one place the credential headers are built. The shared client sends one Bearer token (the
 * last valid of reservation-token, auth_token and access_token), so a visitor who holds several
 * would not send the one a request needs: each request names its tokens here, read from the
 * browser's storage at the moment it is sent. A token the visitor does not hold is left out and
 * the API answers with its own refusal.
 */
export function credentialHeaders(...kinds: Credential[]): { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const kind of kinds) {
    const token = tokenOf(kind);
    if (token) headers[CREDENTIAL_HEADERS[kind]] = token;
  }
  return { headers };
}
