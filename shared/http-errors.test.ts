import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { AxiosError, type AxiosResponse } from 'axios';
import ru from '../locales/ru.json';
import en from '../locales/en.json';
import { errorToastContent } from './http';
import { ACCESS_TOKEN_KEY, AUTH_TOKEN_KEY, AUTH_TOKEN_NUMBER_KEY, RESERVATION_TOKEN_KEY } from './tokens';
import { MapStorage, NOW_MS, NOW_SECONDS, validToken } from './testing/forged-jwt';
import { failingAdapter, makeClient, mockAdapter } from './testing/mock-adapter';

describe('a failed response', () => {
  it.each([400, 404, 409, 500, 502])('shows the body of a %s as the toast, a string as is', async (status) => {
    const { client, toasts } = makeClient({}, mockAdapter(() => ({ status, data: 'Number 901234567 is already reserved' })).adapter);
    await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual(['Number 901234567 is already reserved']);
  });

  it('shows the error.message of a reference API error body', async () => {
    const body = JSON.stringify({ error: { code: 'invalid_birth_date', message: 'The date format is incorrect', field: 'birthDate' } });
    const { client, toasts } = makeClient({}, mockAdapter(() => ({ status: 400, data: body })).adapter);
    await expect(client.post('/identification', {})).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual(['The date format is incorrect']);
  });

  it('shows JSON without a message as compact readable text', async () => {
    const body = JSON.stringify({ detail: 'Not enough balance', balance: 0, limits: { daily: 5 }, tags: ['a', 'b'] });
    const { client, toasts } = makeClient({}, mockAdapter(() => ({ status: 422, data: body })).adapter);
    await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual(['detail: Not enough balance; balance: 0; limits: (daily: 5); tags: a, b']);
  });

  it.each([
    ['no body', undefined],
    ['an empty string', ''],
    ['whitespace', '  \n'],
    ['JSON null', null],
    ['an empty object', {}],
  ])('shows the localized generic text for %s', async (_name, data) => {
    const { client, toasts } = makeClient({}, mockAdapter(() => ({ status: 500, data })).adapter);
    await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual([en.http.generic]);
  });

  it('takes the localized texts from a function of the kind too', async () => {
    const { client, toasts } = makeClient({ messages: (kind) => `uz:${kind}` }, mockAdapter(() => ({ status: 500, data: '' })).adapter);
    await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual(['uz:generic']);
  });

  it('re-raises the very same error object with its status', async () => {
    const { adapter, thrown } = mockAdapter(() => ({ status: 409, data: { error: { code: 'taken', message: 'Taken' } } }));
    const { client } = makeClient({}, adapter);
    const caught = await client.get('/x').catch((error: unknown) => error);
    expect(caught).toBe(thrown[0]);
    expect((caught as AxiosError).response?.status).toBe(409);
  });

  it('still re-raises the original error when the toast itself fails', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { adapter, thrown } = mockAdapter(() => ({ status: 500, data: 'x' }));
    const { client } = makeClient(
      {
        notifyError: () => {
          throw new Error('no container');
        },
      },
      adapter,
    );
    const caught = await client.get('/x').catch((error: unknown) => error);
    expect(caught).toBe(thrown[0]);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows no toast for a request the caller cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, toasts } = makeClient();
    await expect(client.get('/x', { signal: controller.signal })).rejects.toMatchObject({ code: AxiosError.ERR_CANCELED });
    expect(toasts).toEqual([]);
  });
});

describe('a timeout or a network failure', () => {
  it.each([
    ['an axios timeout', 'timeout of 10000ms exceeded', AxiosError.ECONNABORTED, 'timeout'],
    ['a clarified timeout', 'timeout of 10000ms exceeded', AxiosError.ETIMEDOUT, 'timeout'],
    ['a network error', 'Network Error', AxiosError.ERR_NETWORK, 'network'],
  ] as const)('%s gets the localized toast and is re-raised', async (_name, message, code, kind) => {
    const { adapter, thrown } = failingAdapter(message, code);
    const { client, toasts } = makeClient({}, adapter);
    const caught = await client.get('/x').catch((error: unknown) => error);
    expect(caught).toBe(thrown[0]);
    expect(toasts).toEqual([en.http[kind]]);
  });

  it('recognises a real timeout and a refused connection of the node transport', async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => {}); // never answers
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const { client, toasts } = makeClient({ baseURL: `http://127.0.0.1:${port}` });
    client.defaults.adapter = 'http';
    await expect(client.get('/slow', { timeout: 50 })).rejects.toBeInstanceOf(AxiosError);
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
    await expect(client.get('/closed')).rejects.toBeInstanceOf(AxiosError);
    expect(toasts).toEqual([en.http.timeout, en.http.network]);
  });
});

describe('401 and 403 cleanup', () => {
  // The tokens are valid when the request leaves and expire while it is in flight, so what
  // removes them is the response handler, not the request interceptor.
  function expiringWhileInFlight(status: number) {
    let clock = NOW_MS;
    const initial = {
      [RESERVATION_TOKEN_KEY]: validToken('r', NOW_SECONDS + 5),
      [AUTH_TOKEN_KEY]: validToken('au', NOW_SECONDS + 5),
      [AUTH_TOKEN_NUMBER_KEY]: '998901234567',
      [ACCESS_TOKEN_KEY]: validToken('ac', NOW_SECONDS + 5),
    };
    const storage = new MapStorage(initial);
    const { adapter } = mockAdapter(() => {
      clock = NOW_MS + 10_000;
      return { status, data: '' };
    });
    const { client } = makeClient({ storage, now: () => clock }, adapter);
    return { client, storage, initial };
  }

  it.each([401, 403])('on %s removes an expired reservation-token and an expired auth_token with auth_token_number', async (status) => {
    const { client, storage, initial } = expiringWhileInFlight(status);
    await expect(client.get('/me')).rejects.toMatchObject({ response: { status } });
    expect(storage.snapshot()).toEqual({ [ACCESS_TOKEN_KEY]: initial[ACCESS_TOKEN_KEY] });
  });

  it.each([401, 403])('on %s keeps tokens that are still valid', async (status) => {
    const initial = {
      [RESERVATION_TOKEN_KEY]: validToken('r'),
      [AUTH_TOKEN_KEY]: validToken('au'),
      [AUTH_TOKEN_NUMBER_KEY]: '998901234567',
    };
    const storage = new MapStorage(initial);
    const { client } = makeClient({ storage }, mockAdapter(() => ({ status, data: '' })).adapter);
    await expect(client.get('/me')).rejects.toMatchObject({ response: { status } });
    expect(storage.snapshot()).toEqual(initial);
  });

  it('leaves storage alone on other statuses (the next request cleans up)', async () => {
    const { client, storage, initial } = expiringWhileInFlight(500);
    await expect(client.get('/me')).rejects.toMatchObject({ response: { status: 500 } });
    expect(storage.snapshot()).toEqual(initial);
  });
});

describe('errorToastContent', () => {
  it('falls back to the Russian texts of the site when no messages are given', () => {
    expect(errorToastContent(new Error('boom'))).toBe(ru.http.generic);
    expect(errorToastContent(new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED))).toBe(ru.http.timeout);
    expect(errorToastContent(new AxiosError('Network Error', AxiosError.ERR_NETWORK))).toBe(ru.http.network);
  });

  it('reads a body axios left as bytes', () => {
    const response = {
      data: new TextEncoder().encode('{"error":{"code":"x","message":"From bytes"}}').buffer,
      status: 400,
    } as AxiosResponse;
    expect(errorToastContent(new AxiosError('bad', AxiosError.ERR_BAD_REQUEST, undefined, {}, response))).toBe('From bytes');
  });

  it('prefers a top-level message, then an error string, over rendering the object', () => {
    const withBody = (data: unknown) =>
      new AxiosError('x', AxiosError.ERR_BAD_REQUEST, undefined, {}, { data, status: 400 } as AxiosResponse);
    expect(errorToastContent(withBody({ message: 'Top level' }))).toBe('Top level');
    expect(errorToastContent(withBody({ error: 'Unauthorized' }))).toBe('Unauthorized');
    expect(errorToastContent(withBody([1, 'two']))).toBe('1, two');
  });
});
