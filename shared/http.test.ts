import { ACCESS_TOKEN_KEY, AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY, BEARER_TOKEN_KEYS } from './tokens';
import { resolveRequestLocale } from './http';
import { MapStorage, NOW_SECONDS, expiredToken, forgeJwt, validToken } from './testing/forged-jwt';
import { header, makeClient, mockAdapter } from './testing/mock-adapter';

describe('the request a call sends', () => {
  it('carries the base URL, a 10 s timeout, no credentials and every fixed header', async () => {
    const token = validToken('access');
    const { adapter, calls } = mockAdapter();
    const { client } = makeClient({ storage: new MapStorage({ [ACCESS_TOKEN_KEY]: token }) }, adapter);
    await client.post('/orders', { number: '901234567' });
    const [config] = calls;
    expect(config.baseURL).toBe('http://api.test/api/v1');
    expect(config.url).toBe('/orders');
    expect(config.timeout).toBe(10000);
    expect(config.withCredentials).toBe(false);
    expect(header(config, 'Content-Type')).toBe('application/json');
    expect(header(config, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(header(config, 'Accept-Language')).toBe('en');
    expect(header(config, 'X-Language')).toBe('en');
    expect(header(config, 'Authorization')).toBe(`Bearer ${token}`);
    expect(config.data).toBe(JSON.stringify({ number: '901234567' }));
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { adapter, calls } = mockAdapter();
    const { client } = makeClient({}, adapter);
    await client.get('/numbers');
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });

  it('works on the server without storage or toasts: no token, no error', async () => {
    const { adapter, calls } = mockAdapter(() => ({ status: 500, data: 'down' }));
    const { client } = makeClient({ storage: null, notifyError: undefined, getLocale: () => 'uz' }, adapter);
    await expect(client.get('/numbers')).rejects.toMatchObject({ response: { status: 500 } });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
    expect(header(calls[0], 'X-Language')).toBe('uz');
  });

  it('falls back to no storage when the option is omitted and there is no window', async () => {
    const { adapter, calls } = mockAdapter();
    const { client } = makeClient({ storage: undefined }, adapter);
    await client.get('/numbers');
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });
});

describe('the Authorization header across every token combination', () => {
  const states = ['valid', 'expired', 'undecodable', 'absent'] as const;
  const combinations: (typeof states)[number][][] = [];
  for (const a of states) for (const b of states) for (const c of states) combinations.push([a, b, c]);

  it.each(combinations)(
    'reservation-token %s, auth_token %s, access_token %s: the last valid token is sent, expired ones deleted',
    async (...combo) => {
      const initial: Record<string, string> = {};
      BEARER_TOKEN_KEYS.forEach((key, i) => {
        const state = combo[i];
        if (state === 'valid') initial[key] = validToken(key);
        if (state === 'expired') initial[key] = expiredToken(key);
        if (state === 'undecodable') initial[key] = `not.a-jwt.${key}`;
      });
      if (AUTH_TOKEN_KEY in initial) initial[AUTH_TOKEN_NUMBER_KEY] = '998901234567';
      const storage = new MapStorage(initial);
      const { adapter, calls } = mockAdapter();
      const { client } = makeClient({ storage }, adapter);

      await client.get('/me');

      const lastValid = [2, 1, 0].find((i) => combo[i] === 'valid');
      const expected = lastValid === undefined ? undefined : `Bearer ${initial[BEARER_TOKEN_KEYS[lastValid]]}`;
      expect(header(calls[0], 'Authorization')).toBe(expected);
      const remaining = Object.fromEntries(
        Object.entries(initial).filter(([key]) => {
          const owner = key === AUTH_TOKEN_NUMBER_KEY ? AUTH_TOKEN_KEY : key;
          return combo[BEARER_TOKEN_KEYS.indexOf(owner as (typeof BEARER_TOKEN_KEYS)[number])] === 'valid';
        }),
      );
      expect(storage.snapshot()).toEqual(remaining);
    },
  );

  it('sends a token with a garbage signature as long as its exp is in the future (the API checks signatures)', async () => {
    const token = forgeJwt({ exp: NOW_SECONDS + 60 }, 'garbage!!');
    const { adapter, calls } = mockAdapter();
    const { client } = makeClient({ storage: new MapStorage({ [AUTH_TOKEN_KEY]: token }) }, adapter);
    await client.get('/me');
    expect(header(calls[0], 'Authorization')).toBe(`Bearer ${token}`);
  });
});

describe('resolveRequestLocale', () => {
  it('uses the active interface locale first', () => {
    expect(resolveRequestLocale('uz', '/en/numbers')).toBe('uz');
    expect(resolveRequestLocale('ru', '/en/numbers')).toBe('ru');
    expect(resolveRequestLocale('en-US', '/')).toBe('en');
    expect(resolveRequestLocale('uz-cyrl', '/uz/numbers')).toBe('uz-cyrl');
    expect(resolveRequestLocale('uz-Cyrl-UZ', '/')).toBe('uz-cyrl');
    expect(resolveRequestLocale('uz-Latn-UZ', '/uz-cyrl')).toBe('uz');
  });

  it.each([
    ['/uz/numbers', 'uz'],
    ['/uz', 'uz'],
    ['/uz-cyrl/numbers', 'uz-cyrl'],
    ['/uz-cyr/numbers', 'ru'],
    ['/en/about', 'en'],
    ['/fr/about', 'ru'],
    ['/numbers', 'ru'],
    ['/english', 'ru'],
  ])('without an interface locale, takes %s to %s', (pathname, expected) => {
    expect(resolveRequestLocale(undefined, pathname)).toBe(expected);
  });

  it('ignores an interface locale the site does not speak', () => {
    expect(resolveRequestLocale('fr', '/uz/numbers')).toBe('uz');
  });

  it('defaults to ru when nothing is known', () => {
    expect(resolveRequestLocale(undefined, undefined)).toBe('ru');
  });

  it('is read for each request, so switching the language changes the next request', async () => {
    let locale: string | undefined = 'ru';
    let pathname = '/en/numbers';
    const { adapter, calls } = mockAdapter();
    const { client } = makeClient({ getLocale: () => locale, getPathname: () => pathname }, adapter);
    await client.get('/a');
    locale = undefined;
    await client.get('/b');
    pathname = '/fr/x';
    await client.get('/c');
    expect(calls.map((c) => [header(c, 'Accept-Language'), header(c, 'X-Language')])).toEqual([
      ['ru', 'ru'],
      ['en', 'en'],
      ['ru', 'ru'],
    ]);
  });
});

describe('on the server, one client per rendered request', () => {
  it('never leaks the locale of one concurrent render into another', async () => {
    // A slow backend, so the two renders' requests interleave.
    const { adapter, calls } = mockAdapter((config) => ({ status: 200, data: '{}', delayMs: config.url === '/slow' ? 30 : 5 }));
    const english = makeClient({ storage: null, notifyError: undefined, getLocale: () => 'en' }, adapter).client;
    const uzbek = makeClient({ storage: null, notifyError: undefined, getLocale: () => 'uz' }, adapter).client;
    await Promise.all([
      english.get('/slow', { params: { render: 'en' } }),
      uzbek.get('/fast', { params: { render: 'uz' } }),
      uzbek.get('/slow', { params: { render: 'uz' } }),
      english.get('/fast', { params: { render: 'en' } }),
      english.get('/slow', { params: { render: 'en' } }),
      uzbek.get('/fast', { params: { render: 'uz' } }),
    ]);
    expect(calls).toHaveLength(6);
    for (const config of calls) {
      expect(header(config, 'Accept-Language')).toBe(config.params.render);
      expect(header(config, 'X-Language')).toBe(config.params.render);
    }
  });
});
