import { CREDENTIAL_HEADERS } from '../../shared/contract/credentials';
import { AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY, RESERVATION_TOKEN_KEY } from '../../shared/tokens';
import { expiredToken, MapStorage, validToken } from '../../shared/testing/forged-jwt';
import { makeClient, mockAdapter } from '../../shared/testing/mock-adapter';
import { credentialHeaders } from './credentials';

describe('credentialHeaders', () => {
  const globals = globalThis as Record<string, unknown>;
  let storage: MapStorage;

  beforeEach(() => {
    storage = new MapStorage();
    // The browser's localStorage, as shared/tokens.ts reads it.
    globals.window = { localStorage: storage };
  });

  afterEach(() => {
    delete globals.window;
  });

  it('sends an expired booking token in no header of a request through the shared client, and removes it from storage', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expired = expiredToken('reservation', nowSeconds - 60);
    const auth = validToken('auth', nowSeconds + 3600);
    storage.setItem(RESERVATION_TOKEN_KEY, expired);
    storage.setItem(AUTH_TOKEN_KEY, auth);
    storage.setItem(AUTH_TOKEN_NUMBER_KEY, '998901234567');
    const { adapter, calls } = mockAdapter();
    // The shared client over the browser's storage (storage left out), on the real clock.
    const { client } = makeClient({ storage: undefined, now: Date.now }, adapter);

    await client.post('/orders', {}, credentialHeaders('reservation', 'auth'));

    const sent = calls[0].headers.toJSON() as Record<string, unknown>;
    expect(Object.entries(sent).filter(([, value]) => String(value).includes(expired))).toEqual([]);
    expect(calls[0].headers.get(CREDENTIAL_HEADERS.auth)).toBe(auth);
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${auth}`);
    expect(storage.snapshot()).toEqual({ [AUTH_TOKEN_KEY]: auth, [AUTH_TOKEN_NUMBER_KEY]: '998901234567' });
  });

  it('sends a valid booking token in its own header', () => {
    const token = validToken('reservation', Math.floor(Date.now() / 1000) + 3600);
    storage.setItem(RESERVATION_TOKEN_KEY, token);
    expect(credentialHeaders('reservation', 'auth')).toEqual({ headers: { [CREDENTIAL_HEADERS.reservation]: token } });
  });
});
