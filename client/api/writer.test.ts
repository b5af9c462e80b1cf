import { CREDENTIAL_HEADERS } from '../../shared/contract/credentials';
import { AUTH_TOKEN_KEY, RESERVATION_TOKEN_KEY } from '../../shared/tokens';
import { MapStorage, validToken } from '../../shared/testing/forged-jwt';

interface Sent {
  method: 'get' | 'post' | 'delete';
  url: string;
  body?: unknown;
  config: { headers?: Record<string, string>; params?: unknown };
}

const sent: Sent[] = [];
let answer: unknown = {};

// The browser's shared client stands in for the network: it records what is sent and answers `answer`.
jest.mock('./api-client', () => ({
  apiClient: () => ({
    get: async (url: string, config: Sent['config']) => (sent.push({ method: 'get', url, config }), { data: answer }),
    delete: async (url: string, config: Sent['config']) => (sent.push({ method: 'delete', url, config }), { data: answer }),
    post: async (url: string, body: unknown, config: Sent['config']) => (
      sent.push({ method: 'post', url, body, config }),
      { data: answer }
    ),
  }),
}));

// Imported after the mock is in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { reserveLot, placeBid } = require('./auctions') as typeof import('./auctions');
const { cancelReservation } = require('./reservations') as typeof import('./reservations');
const { fetchSmsChallenge } = require('./sms-challenge') as typeof import('./sms-challenge');
const { listWatches } = require('./watches') as typeof import('./watches');
/* eslint-enable @typescript-eslint/no-require-imports */

describe('the writes sent from their declarations (shared/writes/)', () => {
  const globals = globalThis as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const booking = validToken('reservation', now + 600);
  const phone = validToken('auth', now + 3600);

  beforeEach(() => {
    sent.length = 0;
    answer = {};
    // The browser's localStorage, as the credential headers read it.
    globals.window = { localStorage: new MapStorage({ [RESERVATION_TOKEN_KEY]: booking, [AUTH_TOKEN_KEY]: phone }) };
  });
  afterEach(() => {
    delete globals.window;
  });

  it('sends the declared method and path, the parameter encoded, an empty body, and every token its auth reads', async () => {
    answer = {
      reservationToken: booking,
      reservation: {
        number: '+998901234567',
        formatted: '+998 90 123-45-67',
        price: 0,
        category: 'free',
        status: 'active',
        expiresAt: '2030-01-01T00:00:00.000Z',
        orderId: null,
        bookingId: 'b1',
      },
      replaced: null,
    };
    await reserveLot('lot 1');
    expect(sent).toEqual([
      {
        method: 'post',
        url: '/auctions/lot%201/reservation',
        body: {},
        config: { headers: { [CREDENTIAL_HEADERS.auth]: phone, [CREDENTIAL_HEADERS.reservation]: booking } },
      },
    ]);
  });

  it('sends a query as parameters, and no token to a write without auth', async () => {
    const data = { phone: '+998901234567', level: 0, expires: now + 300 };
    const parameters = {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'n',
      salt: 's',
      cost: 1,
      keyLength: 32,
      keyPrefix: '00',
      keySignature: 'k',
      data,
    };
    answer = { parameters, signature: 'x' };
    await expect(fetchSmsChallenge('+998901234567')).resolves.toEqual(answer);
    expect(sent).toEqual([{ method: 'get', url: '/auth/sms/challenge', config: { headers: {}, params: { phone: '+998901234567' } } }]);
  });

  it('hands back an answer that matches its schema as it came, and nothing for a 204', async () => {
    answer = { items: [] };
    await expect(listWatches()).resolves.toEqual([]);
    answer = '';
    await expect(cancelReservation()).resolves.toBeUndefined();
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual(['get /watches', 'delete /reservations/current']);
  });

  it('rejects an answer that is not what the contract says, naming the write, its schema and the field', async () => {
    answer = { bid: { amount: 'a lot' } };
    await expect(placeBid('lot-1', 100_000)).rejects.toThrow(/^placeBid: the API's answer is not a PlaceBidResponse: bid\.\w+: /);
  });
});
