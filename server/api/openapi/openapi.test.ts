import request from 'supertest';
import type { SmsChallenge } from '../../../shared/api-types';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { solvedSmsChallenge, solveSmsChallenge } from '../test-support/sms-challenge';
import { contractValidator, type ContractCheck } from '../test-support/contract-validator';
import { signedContact, signedInitData, TELEGRAM } from '../test-support/telegram';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>> };
let t: TestApi;
let doc: Doc;
let check: ContractCheck;
const exercised = new Set<string>();

interface Call {
  query?: Record<string, string | number | boolean>;
  body?: object;
  headers?: Record<string, string>;
}

/** Calls the API and checks the answer against the operation's response schema in the document. */
async function call(method: 'get' | 'post' | 'delete', template: string, params: Record<string, string> = {}, options: Call = {}) {
  const url = '/api/v1' + template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name]));
  let req = request(t.app)[method](url);
  if (options.query) req = req.query(options.query);
  for (const [k, v] of Object.entries(options.headers ?? {})) req = req.set(k, v);
  const res = options.body ? await req.send(options.body) : await req;
  const operation = doc.paths[template]?.[method];
  expect(operation).toBeDefined();
  const response = operation.responses[String(res.status)];
  if (!response)
    throw new Error(`${method.toUpperCase()} ${template} answered ${res.status}, not in the document: ${JSON.stringify(res.body)}`);
  const json = response.content?.['application/json'];
  if (json?.schema)
    expect(check(['paths', template, method, 'responses', String(res.status), 'content', 'application/json', 'schema'], res.body)).toEqual(
      [],
    );
  else if (res.status !== 204 && !response.content?.['text/event-stream'])
    throw new Error(`${method.toUpperCase()} ${template} ${res.status} has no JSON schema`);
  exercised.add(`${method} ${template}`);
  return res;
}

beforeAll(async () => {
  t = createTestApi({ telegram: TELEGRAM });
  doc = (await request(t.app).get('/api/v1/openapi.json').expect(200)).body as Doc;
  check = contractValidator(doc);
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document whose schemas resolve', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    expect(JSON.stringify(doc)).not.toContain('undefined');
  });

  it('matches the real responses of every JSON endpoint through a whole purchase', async () => {
    await call('get', '/news', {}, { query: { page: 1, pageSize: 3 } });
    const slug = (await call('get', '/news')).body.items[0].slug;
    await call('get', '/news/{slug}', { slug });
    await call('get', '/news/{slug}', { slug: 'no-such-news' });
    await call('get', '/news', {}, { query: { pageSize: 0 } });
    await call('get', '/tariffs');
    await call('get', '/tariffs/{id}', { id: 'oq-max' });
    await call('get', '/tariffs/{id}', { id: 'none' });
    await call('get', '/tariff-constructor');
    await call(
      'get',
      '/tariff-constructor/quote',
      {},
      { query: { internetGb: 20, minutes: 500, sms: 100, nightInternet: true, dedicated: false } },
    );
    await call('get', '/tariff-constructor/quote', {}, { query: { internetGb: 21 } });
    await call('get', '/sim-types');
    await call('get', '/numbers/categories');
    const all = await call('get', '/numbers', {}, { query: { includeUnavailable: true, sort: 'price_desc', pageSize: 50 } });
    expect(all.body.items.some((n: { available: boolean }) => !n.available)).toBe(true);
    await call('get', '/numbers', {}, { query: { mask: 'XXX-YY-YY', pattern: 'repeats' } });
    await call('get', '/numbers', {}, { query: { mask: 'abc' } });
    const number = (await call('get', '/numbers', {}, { query: { category: 'silver', pageSize: 1 } })).body.items[0].number;
    await call('get', '/numbers/{number}', { number });
    await call('get', '/numbers/{number}', { number: '+998771' });
    await call('get', '/numbers/{number}', { number: '+998330000000' });
    await call('get', '/points-of-sale', {}, { query: { lat: 41.3, lon: 69.25, service: 'esim', limit: 3 } });
    await call('get', '/points-of-sale', {}, { query: { city: 'atlantis' } });
    await call('get', '/points-of-sale/{id}', { id: 'tashkent-1' });
    await call('get', '/points-of-sale/{id}', { id: 'nowhere-1' });

    // Reservation.
    await call('post', '/reservations', {}, { body: { number: '+998 33' } });
    const reserved = await call('post', '/reservations', {}, { body: { number } });
    await call('post', '/reservations', {}, { body: { number } });
    await call('post', '/reservations', {}, { body: { number: '+998330000000' } });
    const reservation = reserved.body.reservationToken as string;
    await call('get', '/reservations/current');
    await call('get', '/reservations/current', {}, { headers: { 'X-Reservation-Token': reservation } });
    await call('get', '/reservations/current', {}, { headers: { Authorization: 'Bearer forged.token.here' } });

    // SMS and identification.
    const phone = '+998901112244';
    await call('get', '/auth/sms/challenge', {}, { query: { phone: 'nope' } });
    const challenge = (await call('get', '/auth/sms/challenge', {}, { query: { phone } })).body as SmsChallenge;
    await call('post', '/auth/sms', {}, { body: { phone: 'nope' } });
    await call('post', '/auth/sms', {}, { body: { phone } });
    const { challengeId } = (await call('post', '/auth/sms', {}, { body: { phone, altcha: await solveSmsChallenge(challenge) } })).body;
    await call('post', '/auth/sms', {}, { body: { phone, altcha: await solvedSmsChallenge(t.app, phone) } });
    await call('post', '/auth/sms/verify', {}, { body: { phone, code: '000000', challengeId } });
    const auth = (await call('post', '/auth/sms/verify', {}, { body: { phone, code: '123456', challengeId } })).body.authToken as string;
    const bearer = { Authorization: `Bearer ${auth}` };
    const telegram = { initData: signedInitData(t.clock.now()), contact: signedContact(t.clock.now(), { phone: '998901112255' }) };
    await call('post', '/auth/telegram', {}, { body: telegram });
    await call('post', '/auth/telegram', {}, { body: telegram });
    await call('post', '/auth/telegram', {}, { body: { ...telegram, initData: telegram.initData.replace('Aziza', 'Bekzod') } });
    await call('post', '/auth/telegram', {}, { body: { initData: telegram.initData } });
    await call('get', '/identification/current');
    await call('get', '/identification/current', {}, { headers: bearer });
    await call('post', '/identification/remote', {}, { headers: bearer, body: { document: 'AB7654321', birthDate: '20.07.1988' } });
    await call('post', '/identification/remote', {}, { headers: bearer, body: { document: 'AB7654321', birthDate: '1988' } });
    await call('post', '/identification/remote', {}, { body: { document: 'AB7654321', birthDate: '20.07.1988' } });
    await call('post', '/identification/manual', {}, { headers: bearer, body: { pointOfSaleId: 'tashkent-1' } });
    await call('post', '/identification/manual', {}, { headers: bearer, body: { pointOfSaleId: 'tashkent-7' } });
    await call('post', '/identification/manual', {}, { body: { pointOfSaleId: 'tashkent-1' } });
    await call('get', '/identification/current', {}, { headers: bearer });

    // Auctions.
    await call('get', '/auctions', {}, { query: { status: 'active' } });
    await call('get', '/auctions', {}, { query: { status: 'closed' } });
    const lot = (await call('get', '/auctions', {}, { headers: bearer })).body.items[0];
    await call('get', '/auctions/{id}', { id: lot.id }, { headers: bearer });
    await call('get', '/auctions/{id}', { id: 'lot-999' });
    await call('post', '/auctions/{id}/bids', { id: lot.id }, { headers: bearer, body: { amount: lot.minimumBid } });
    await call('post', '/auctions/{id}/bids', { id: lot.id }, { headers: bearer, body: { amount: 1 } });
    await call('post', '/auctions/{id}/bids', { id: lot.id }, { body: { amount: lot.minimumBid + lot.step } });
    await call('post', '/auctions/{id}/bids', { id: 'lot-999' }, { headers: bearer, body: { amount: 1 } });
    await call('post', '/auctions/{id}/bids', { id: 'lot-001' }, { headers: bearer, body: { amount: 2_000_000_000 } });
    await call('post', '/auctions/{id}/max-bid', { id: lot.id }, { headers: bearer, body: { maxAmount: lot.minimumBid + 100 * lot.step } });
    await call('post', '/auctions/{id}/max-bid', { id: lot.id }, { headers: bearer, body: { maxAmount: 1 } });
    await call('post', '/auctions/{id}/max-bid', { id: lot.id }, { body: { maxAmount: 1 } });
    await call('post', '/auctions/{id}/max-bid', { id: 'lot-001' }, { headers: bearer, body: { maxAmount: 2_000_000_000 } });
    await call('delete', '/auctions/{id}/max-bid', { id: lot.id }, { headers: bearer });
    await call('delete', '/auctions/{id}/max-bid', { id: lot.id }, { headers: bearer });
    for (const op of ['buy-now', 'deposit']) await call('post', `/auctions/{id}/${op}`, { id: 'lot-007' }, { headers: bearer, body: {} });
    await call('post', '/auctions/{id}/stream-token', { id: lot.id }, { headers: bearer });
    await call('post', '/auctions/{id}/stream-token', { id: lot.id });
    await call('post', '/auctions/{id}/stream-token', { id: 'lot-999' }, { headers: bearer });
    // A sold lot's stream is a snapshot and `sold`, then it closes: complete enough for supertest.
    const sold = await call('get', '/auctions/{id}/events', { id: 'lot-001' });
    expect(sold.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await call('get', '/auctions/{id}/events', { id: 'lot-999' });
    await call('get', '/auctions/{id}/events', { id: lot.id }, { query: { token: 'forged' } });
    await call('get', '/auctions/events', {}, { query: { since: 1 } });
    await call('get', '/numbers/events', {}, { query: { numbers: '998771234567' } });
    const watch = await call('post', '/watches', {}, { headers: bearer, body: { mask: 'XXX-YY-YY' } });
    await call('post', '/watches', {}, { headers: bearer, body: { mask: 'X' } });
    await call('post', '/watches', {}, { body: { mask: 'XXX-YY-YY' } });
    await call('get', '/watches', {}, { headers: bearer });
    await call('get', '/watches');
    await call('delete', '/watches/{id}', { id: watch.body.id }, { headers: bearer });
    await call('delete', '/watches/{id}', { id: watch.body.id }, { headers: bearer });
    await call('delete', '/watches/{id}', { id: 'x'.repeat(65) }, { headers: bearer });
    await call('delete', '/watches/{id}', { id: watch.body.id });
    await call('post', '/auctions/{id}/reservation', { id: lot.id }, { headers: bearer });
    await call('post', '/auctions/{id}/reservation', { id: lot.id });
    await call('post', '/auctions/{id}/reservation', { id: 'lot-999' }, { headers: bearer });

    // Order and payment.
    const tokens = { Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation };
    const orderBody = {
      tariff: { type: 'constructor', internetGb: 20, minutes: 500, sms: 100, nightInternet: true },
      simType: 'physical',
      delivery: { method: 'pickup', pointOfSaleId: 'tashkent-1' },
    };
    await call('post', '/orders', {}, { headers: bearer, body: orderBody });
    await call('post', '/orders', {}, { headers: { 'X-Reservation-Token': reservation }, body: orderBody });
    await call('post', '/orders', {}, { headers: tokens, body: { ...orderBody, colour: 'red' } });
    await call('post', '/orders', {}, { headers: { ...tokens, Authorization: 'Bearer x.y.z' }, body: orderBody });
    const created = await call('post', '/orders', {}, { headers: tokens, body: orderBody });
    await call('post', '/orders', {}, { headers: tokens, body: orderBody });
    const id = created.body.order.id as string;
    const access = { Authorization: `Bearer ${created.body.accessToken}` };
    await call('get', '/reservations/current', {}, { headers: { 'X-Reservation-Token': reservation } });
    await call('delete', '/reservations/current', {}, { headers: { 'X-Reservation-Token': reservation } });
    await call('get', '/orders/{id}', { id }, { headers: access });
    await call('get', '/orders/{id}', { id });
    await call('get', '/orders/{id}', { id: 'nope' }, { headers: access });
    await call('get', '/orders/{id}', { id }, { headers: { Authorization: `Bearer ${await otherAuth()}` } });
    await call('get', '/orders/{id}/status', { id }, { headers: access });
    await call('get', '/orders/{id}/status', { id });
    await call('get', '/orders/{id}/status', { id }, { headers: { Authorization: `Bearer ${await otherAuth()}` } });
    await call('get', '/orders/{id}/status', { id: 'nope' }, { headers: access });
    await call('post', '/orders/{id}/payments', { id }, { headers: access, body: { provider: 'bitcoin' } });
    await call('post', '/orders/{id}/payments', { id }, { body: { provider: 'payme' } });
    await call('post', '/orders/{id}/payments', { id: 'nope' }, { headers: access, body: { provider: 'payme' } });
    await call(
      'post',
      '/orders/{id}/payments',
      { id },
      { headers: { Authorization: `Bearer ${await otherAuth()}` }, body: { provider: 'payme' } },
    );
    const payment = await call(
      'post',
      '/orders/{id}/payments',
      { id },
      { headers: access, body: { provider: 'click', returnPath: '/en/success' } },
    );
    await call('post', '/orders/{id}/cancel', { id });
    await call('post', '/orders/{id}/cancel', { id }, { headers: { Authorization: `Bearer ${await otherAuth()}` } });
    await call('post', '/orders/{id}/cancel', { id }, { headers: access });
    await request(t.app).post(`${payment.body.paymentUrl}/approve`).type('form').send('').expect(303);
    await call('post', '/orders/{id}/payments', { id }, { headers: access, body: { provider: 'payme' } });
    const status = await call('get', '/orders/{id}/status', { id }, { headers: access });
    expect(status.body.result).toBe('activated');

    // A second reservation to cancel, and SMS limits.
    const second = await call(
      'post',
      '/reservations',
      {},
      { body: { number: (await call('get', '/numbers', {}, { query: { pageSize: 1 } })).body.items[0].number } },
    );
    await call('delete', '/reservations/current', {}, { headers: { 'X-Reservation-Token': second.body.reservationToken } });
    await call('delete', '/reservations/current', {}, { headers: { 'X-Reservation-Token': second.body.reservationToken } });
    await call('delete', '/reservations/current');
    t.clock.advance(16 * MINUTE);
    await call('delete', '/reservations/current', {}, { headers: { Authorization: `Bearer ${reserved.body.reservationToken}` } });
    await call('get', '/identification/current', {}, { headers: { 'X-Auth-Token': 'forged' } });
    await call('post', '/auctions/{id}/reservation', { id: 'lot-010' }, { headers: bearer });
  });

  it('has a checker that notices a body off the contract', () => {
    const error = ['components', 'schemas', 'Error'];
    expect(check(error, { error: { code: 'not_found', message: 'y' } })).toEqual([]);
    expect(check(error, { error: { code: 'not_found' } })).toEqual(["/error must have required property 'message'"]);
    expect(check(error, { error: { code: 'not_found', message: 'y', stack: 'z' } })).toEqual([
      '/error must NOT have additional properties: stack',
    ]);
    // The codes are the contract's one enum (shared/contract/errors.ts).
    expect(check(error, { error: { code: 'x', message: 'y' } })).toEqual(['/error/code must be equal to one of the allowed values']);
    const lot = ['components', 'schemas', 'AuctionLot'];
    expect(check(lot, SAMPLE_LOT)).toEqual([]);
    expect(check(lot, { ...SAMPLE_LOT, endsAt: 'tomorrow' })).toEqual(['/endsAt must match format "date-time"']);
  });

  it('is a 3.1 document generated from the zod schemas, with named components for every shape', () => {
    const names = Object.keys((doc as unknown as { components: { schemas: object } }).components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'Error',
        'NewsList',
        'NumberList',
        'ReservationResponse',
        'CreateOrderRequest',
        'Order',
        'AuctionLotDetail',
        'LotBidEvent',
      ]),
    );
  });

  it('describes every JSON endpoint it lists, and each was exercised above', () => {
    const listed = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .filter((key) => !key.includes('/sandbox/') && !key.endsWith('/openapi.json'));
    expect(listed.filter((key) => !exercised.has(key))).toEqual([]);
  });
});

/** Another phone's auth token (the test API's helper: a code asked and verified with its challenge id). */
const otherAuth = () => authToken(t.app, `+99893${String(1000000 + exercised.size).padStart(7, '0')}`);

const SAMPLE_LOT = {
  id: 'lot-001',
  number: '+998771234567',
  formatted: '+998 77 123 45 67',
  status: 'active',
  startPrice: 100,
  step: 10,
  buyNowPrice: null,
  currentBid: null,
  minimumBid: 100,
  bidCount: 0,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-01-02T00:00:00.000Z',
  serverTime: '2026-01-01T12:00:00.000Z',
  soldPrice: null,
  myBid: null,
  myPosition: null,
  myTurnToBuyUntil: null,
  rules: {
    lateBidSeconds: 300,
    extendMaxSeconds: 86_400,
    latestEndAt: '2026-01-03T00:00:00.000Z',
    paymentWindowSeconds: 1_800,
    whenUnpaid: 'relist',
    buyNowWindowSeconds: 900,
    banSeconds: 2592000,
    depositPercent: 10,
    plainBidMaxSteps: 10,
    confirmAbove: 10_000_000,
  },
  depositAmount: 3_000_000,
};
