import {
  ACCESS_TOKEN_KEY,
  AUTH_TOKEN_KEY,
  AUTH_TOKEN_NUMBER_KEY,
  BEARER_TOKEN_KEYS,
  RESERVATION_TOKEN_KEY,
  bearerToken,
  browserStorage,
  isTokenExpired,
  readValidToken,
  removeExpiredAfterRefusal,
  removeToken,
  storeToken,
  subscribeTokens,
  type TokenStorage,
} from './tokens';
import { MapStorage, NOW_SECONDS, UNDECODABLE_TOKENS, expiredToken, forgeJwt, validToken } from './testing/forged-jwt';

const TOKEN_STATES = ['valid', 'expired', 'undecodable', 'absent'] as const;
type TokenState = (typeof TOKEN_STATES)[number];

function tokenFor(key: string, state: TokenState): string | null {
  if (state === 'valid') return validToken(`${key}-valid`);
  if (state === 'expired') return expiredToken(`${key}-expired`);
  if (state === 'undecodable') return `garbage-for-${key}`;
  return null;
}

describe('isTokenExpired', () => {
  it('keeps a token whose exp is later than now, or equal to now', () => {
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS + 1 }), NOW_SECONDS)).toBe(false);
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS }), NOW_SECONDS)).toBe(false);
  });

  it('expires a token whose exp is earlier than now in seconds', () => {
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS - 1 }), NOW_SECONDS)).toBe(true);
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS }), NOW_SECONDS + 0.5)).toBe(true);
  });

  it('reads exp as seconds, not milliseconds', () => {
    const nowMs = NOW_SECONDS * 1000;
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS + 60 }), nowMs / 1000)).toBe(false);
  });

  it.each(Object.entries(UNDECODABLE_TOKENS))('treats a token as expired when it is %s', (_name, token) => {
    expect(isTokenExpired(token, NOW_SECONDS)).toBe(true);
  });

  it('does not check the signature (the API does)', () => {
    expect(isTokenExpired(forgeJwt({ exp: NOW_SECONDS + 60 }, 'tampered'), NOW_SECONDS)).toBe(false);
  });
});

describe('readValidToken', () => {
  it('returns a valid token and leaves it stored', () => {
    const token = validToken('r');
    const storage = new MapStorage({ [RESERVATION_TOKEN_KEY]: token });
    expect(readValidToken(RESERVATION_TOKEN_KEY, storage, NOW_SECONDS)).toBe(token);
    expect(storage.getItem(RESERVATION_TOKEN_KEY)).toBe(token);
  });

  it('deletes an expired token and returns null', () => {
    const storage = new MapStorage({ [ACCESS_TOKEN_KEY]: expiredToken('a') });
    expect(readValidToken(ACCESS_TOKEN_KEY, storage, NOW_SECONDS)).toBeNull();
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('deletes an expired auth_token together with auth_token_number', () => {
    const storage = new MapStorage({ [AUTH_TOKEN_KEY]: expiredToken('auth'), [AUTH_TOKEN_NUMBER_KEY]: '998901234567' });
    expect(readValidToken(AUTH_TOKEN_KEY, storage, NOW_SECONDS)).toBeNull();
    expect(storage.snapshot()).toEqual({});
  });

  it('returns null without storage (the server)', () => {
    expect(readValidToken(AUTH_TOKEN_KEY, null, NOW_SECONDS)).toBeNull();
  });

  it('returns null instead of throwing when the storage throws', () => {
    const throwing: TokenStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readValidToken(AUTH_TOKEN_KEY, throwing, NOW_SECONDS)).toBeNull();
    expect(() => storeToken(AUTH_TOKEN_KEY, 'x', throwing)).not.toThrow();
    expect(() => removeToken(AUTH_TOKEN_KEY, throwing)).not.toThrow();
  });
});

describe('removeToken and storeToken', () => {
  it('removes auth_token_number whenever auth_token is removed, even a valid one', () => {
    const storage = new MapStorage({
      [AUTH_TOKEN_KEY]: validToken('auth'),
      [AUTH_TOKEN_NUMBER_KEY]: '998901234567',
      [ACCESS_TOKEN_KEY]: 'kept',
    });
    removeToken(AUTH_TOKEN_KEY, storage);
    expect(storage.snapshot()).toEqual({ [ACCESS_TOKEN_KEY]: 'kept' });
  });

  it('leaves auth_token_number alone when another token is removed', () => {
    const storage = new MapStorage({ [RESERVATION_TOKEN_KEY]: 'r', [AUTH_TOKEN_NUMBER_KEY]: '998901234567' });
    removeToken(RESERVATION_TOKEN_KEY, storage);
    expect(storage.snapshot()).toEqual({ [AUTH_TOKEN_NUMBER_KEY]: '998901234567' });
  });

  it('stores a token under its key', () => {
    const storage = new MapStorage();
    storeToken(ACCESS_TOKEN_KEY, 'token', storage);
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBe('token');
  });
});

describe('browserStorage', () => {
  const globals = globalThis as { window?: unknown };

  afterEach(() => {
    delete globals.window;
  });

  it('is null on the server, where there is no window', () => {
    expect(browserStorage()).toBeNull();
    expect(() => removeToken(AUTH_TOKEN_KEY)).not.toThrow();
  });

  it('is null when touching localStorage throws (storage blocked)', () => {
    globals.window = Object.defineProperty({}, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(browserStorage()).toBeNull();
  });

  it('swallows errors of a storage that refuses writes (Safari private mode)', () => {
    const backing = new MapStorage({ [ACCESS_TOKEN_KEY]: 'stored' });
    globals.window = {
      localStorage: {
        getItem: (key: string) => backing.getItem(key),
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: (key: string) => backing.removeItem(key),
      },
    };
    const storage = browserStorage();
    expect(storage?.getItem(ACCESS_TOKEN_KEY)).toBe('stored');
    expect(() => storeToken(ACCESS_TOKEN_KEY, 'new')).not.toThrow();
    removeToken(ACCESS_TOKEN_KEY);
    expect(backing.snapshot()).toEqual({});
  });
});

describe('bearerToken', () => {
  it('checks the keys in the order reservation-token, auth_token, access_token', () => {
    expect(BEARER_TOKEN_KEYS).toEqual(['reservation-token', 'auth_token', 'access_token']);
  });

  it('is null without storage', () => {
    expect(bearerToken(null, NOW_SECONDS)).toBeNull();
  });

  // Every combination of valid, expired, undecodable and absent across the three keys (4^3 = 64).
  const combinations: [TokenState, TokenState, TokenState][] = [];
  for (const reservation of TOKEN_STATES) {
    for (const auth of TOKEN_STATES) {
      for (const access of TOKEN_STATES) combinations.push([reservation, auth, access]);
    }
  }

  it.each(combinations)(
    'with reservation-token %s, auth_token %s and access_token %s, sends the last valid one and deletes the rest',
    (...states) => {
      const initial: Record<string, string> = {};
      BEARER_TOKEN_KEYS.forEach((key, i) => {
        const token = tokenFor(key, states[i]);
        if (token !== null) initial[key] = token;
      });
      if (initial[AUTH_TOKEN_KEY] !== undefined) initial[AUTH_TOKEN_NUMBER_KEY] = '998901234567';
      const storage = new MapStorage(initial);

      const lastValid = [...BEARER_TOKEN_KEYS].reverse().find((key) => states[BEARER_TOKEN_KEYS.indexOf(key)] === 'valid');
      expect(bearerToken(storage, NOW_SECONDS)).toBe(lastValid ? initial[lastValid] : null);

      const expected: Record<string, string> = {};
      BEARER_TOKEN_KEYS.forEach((key, i) => {
        if (states[i] === 'valid') expected[key] = initial[key];
      });
      if (states[1] === 'valid') expected[AUTH_TOKEN_NUMBER_KEY] = '998901234567';
      expect(storage.snapshot()).toEqual(expected);
    },
  );
});

describe('removeExpiredAfterRefusal', () => {
  it('removes an expired reservation-token and an expired auth_token with its number, and nothing valid', () => {
    const storage = new MapStorage({
      [RESERVATION_TOKEN_KEY]: expiredToken('r'),
      [AUTH_TOKEN_KEY]: 'garbage',
      [AUTH_TOKEN_NUMBER_KEY]: '998901234567',
      [ACCESS_TOKEN_KEY]: validToken('a'),
    });
    removeExpiredAfterRefusal(storage, NOW_SECONDS);
    expect(storage.snapshot()).toEqual({ [ACCESS_TOKEN_KEY]: validToken('a') });
  });

  it('keeps a valid reservation-token and auth_token', () => {
    const initial = {
      [RESERVATION_TOKEN_KEY]: validToken('r'),
      [AUTH_TOKEN_KEY]: validToken('au'),
      [AUTH_TOKEN_NUMBER_KEY]: '998901234567',
    };
    const storage = new MapStorage(initial);
    removeExpiredAfterRefusal(storage, NOW_SECONDS);
    expect(storage.snapshot()).toEqual(initial);
  });

  it('tells the page when it dropped a token (a confirmed phone or a booking on screen must go), and only then', () => {
    const heard = jest.fn();
    const stop = subscribeTokens(heard);
    try {
      removeExpiredAfterRefusal(
        new MapStorage({ [AUTH_TOKEN_KEY]: validToken('au'), [AUTH_TOKEN_NUMBER_KEY]: '998901234567' }),
        NOW_SECONDS,
      );
      removeExpiredAfterRefusal(new MapStorage({}), NOW_SECONDS);
      expect(heard).not.toHaveBeenCalled();
      removeExpiredAfterRefusal(
        new MapStorage({ [AUTH_TOKEN_KEY]: expiredToken('au'), [AUTH_TOKEN_NUMBER_KEY]: '998901234567' }),
        NOW_SECONDS,
      );
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
