import { readAuth, readOrderAccess, readReservation } from '../features/purchase/token-store';

/** The purchase's three tokens, each with the header the API reads it from (docs/api.md, Tokens). */
export type Credential = 'reservation' | 'auth' | 'order';

const HEADER: Record<Credential, string> = {
  reservation: 'X-Reservation-Token',
  auth: 'X-Auth-Token',
  order: 'X-Access-Token',
};

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
    if (token) headers[HEADER[kind]] = token;
  }
  return { headers };
}
