// Test-only helpers: JWTs forged from base64url JSON. The client never checks signatures
// (the API does), so a token with a garbage signature but a future exp is still "valid" here.
import type { TokenStorage } from '../tokens';

function base64url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

export function forgeJwt(payload: unknown, signature = 'forged-signature'): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.${signature}`;
}

export const NOW_SECONDS = 1_750_000_000;
export const NOW_MS = NOW_SECONDS * 1000;

/** A token that is valid at NOW_SECONDS; `label` makes each one recognisable in assertions. */
export function validToken(label: string, exp = NOW_SECONDS + 3600): string {
  return forgeJwt({ sub: label, exp }, label.length % 2 ? 'not-a-real-signature' : 'x');
}

export function expiredToken(label: string, exp = NOW_SECONDS - 1): string {
  return forgeJwt({ sub: label, exp });
}

/** Tokens jwt-decode cannot read, or that carry no usable exp: all count as expired. */
export const UNDECODABLE_TOKENS: Record<string, string> = {
  garbage: 'garbage',
  empty: '',
  'two parts': 'abc.def',
  'payload not base64url JSON': 'eyJhbGciOiJIUzI1NiJ9.%%%not-json%%%.sig',
  'payload JSON without exp': forgeJwt({ sub: 'no-exp' }),
  'exp as a string': forgeJwt({ sub: 'string-exp', exp: String(NOW_SECONDS + 3600) }),
  'payload is null': forgeJwt(null),
};

/** A Map-backed storage, as localStorage would behave. */
export class MapStorage implements TokenStorage {
  readonly map = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.map.set(key, value);
  }

  getItem(key: string): string | null {
    return this.map.has(key) ? (this.map.get(key) as string) : null;
  }

  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }

  removeItem(key: string): void {
    this.map.delete(key);
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
}
