import request from 'supertest';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { contractValidator, type ContractCheck } from '../test-support/contract-validator';

/**
 * The real answers of an auction's own payments against the OpenAPI document, with deposits on
 * (openapi.test.ts runs the whole purchase with them off, as the other tests bid): a deposit, a
 * bid it allows, a ban and the lot that shows them to their owner.
 */

let t: TestApi;
let check: ContractCheck;
type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let doc: Doc;

beforeAll(async () => {
  t = createTestApi({ auctionDepositPercent: 10 });
  doc = (await request(t.app).get('/api/v1/openapi.json').expect(200)).body as Doc;
  check = contractValidator(doc);
});
afterAll(() => t.close());

/** Calls the API and checks its answer against the operation's response for that status. */
async function call(method: 'get' | 'post', template: string, id: string, headers: Record<string, string>, body?: object) {
  const url = '/api/v1' + template.replace('{id}', id);
  const res = body ? await request(t.app)[method](url).set(headers).send(body) : await request(t.app)[method](url).set(headers);
  expect(doc.paths[template]?.[method]?.responses[String(res.status)]).toBeDefined();
  const pointer = ['paths', template, method, 'responses', String(res.status), 'content', 'application/json', 'schema'];
  expect(check(pointer, res.body)).toEqual([]);
  return res;
}

it('matches the answers of a deposit, the bid it allows, a ban and the lot showing them', async () => {
  const bearer = { Authorization: `Bearer ${await authToken(t.app, '+998901112266')}` };
  const pay = { provider: 'uzum' };
  expect((await call('post', '/auctions/{id}/bids', 'lot-006', bearer, { amount: 11_000_000 })).status).toBe(403);
  const paid = await call('post', '/auctions/{id}/deposit', 'lot-006', bearer, pay);
  expect(paid.status).toBe(201);
  await request(t.app).post(`${paid.body.paymentUrl}/approve`).expect(303);
  expect((await call('post', '/auctions/{id}/deposit', 'lot-006', bearer, pay)).status).toBe(409);
  expect((await call('post', '/auctions/{id}/bids', 'lot-006', bearer, { amount: 11_000_000 })).status).toBe(201);
  expect((await call('get', '/auctions/{id}', 'lot-006', bearer)).body.myDeposit.status).toBe('held');
  await call('post', '/auctions/{id}/buy-now', 'lot-004', bearer, pay);
  expect((await call('get', '/auctions/{id}', 'lot-004', bearer)).body.myBuyNow.status).toBe('pending');
  for (const [id, headers, body, status] of [
    ['lot-004', {}, pay, 401],
    ['lot-004', bearer, { provider: 'cash' }, 400],
    ['lot-001', bearer, pay, 409],
    ['lot-999', bearer, pay, 404],
  ] as const) {
    expect((await call('post', '/auctions/{id}/buy-now', id, headers, body)).status).toBe(status);
  }
  t.clock.advance(16 * MINUTE);
  expect((await call('get', '/auctions/{id}', 'lot-004', bearer)).body.myBannedUntil).not.toBeNull();
  expect((await call('post', '/auctions/{id}/bids', 'lot-006', bearer, { amount: 12_000_000 })).body.error.code).toBe('auction_banned');
});
