import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { AUTH_TOKEN_LIFETIME_MS } from '../auth/sms-routes';
import { STREAM_TOKEN_MS } from '../auctions/auction-routes';
import { ORDER_TOKEN_LIFETIME_MS } from '../orders/order-service';
import { authToken, createTestApi, placeOrder, type TestApi } from '../test-support/test-api';

// Each kind of token, over HTTP, on the API's own clock: valid until its end, then refused with
// 401 token_expired and the message in the request's language (spec: the visitor is told why).

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

async function expectExpired(send: (lang: keyof typeof API_MESSAGES) => request.Test) {
  for (const lang of ['ru', 'en', 'uz'] as const) {
    const res = await send(lang).expect(401);
    expect(res.body.error).toEqual({ code: 'token_expired', message: API_MESSAGES[lang].errors.tokenExpired });
  }
}

describe('an expired token over HTTP', () => {
  it('of a confirmed phone (auth) is accepted until its end, then refused as token_expired', async () => {
    const auth = await authToken(t.app);
    const current = () => request(t.app).get('/api/v1/identification/current').set('Authorization', `Bearer ${auth}`);
    // No identification yet: the token itself is accepted.
    expect((await current().expect(404)).body.error.code).toBe('identification_not_found');
    t.clock.advance(AUTH_TOKEN_LIFETIME_MS + 1000);
    await expectExpired((lang) => current().set('X-Language', lang));
  });

  it('of an order (access) reads the order until its end, then is refused as token_expired', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const read = () => request(t.app).get(`/api/v1/orders/${order.id}`).set('X-Access-Token', accessToken);
    expect((await read().expect(200)).body.id).toBe(order.id);
    t.clock.advance(ORDER_TOKEN_LIFETIME_MS + 1000);
    await expectExpired((lang) => read().set('X-Language', lang));
  });

  it("of a lot's live stream (opening it is tested in lot-events.test.ts) is refused as token_expired once its end has passed", async () => {
    const auth = await authToken(t.app);
    const issued = await request(t.app).post('/api/v1/auctions/lot-006/stream-token').set('Authorization', `Bearer ${auth}`).expect(201);
    const token = issued.body.streamToken as string;
    t.clock.advance(STREAM_TOKEN_MS + 1000);
    await expectExpired((lang) => request(t.app).get(`/api/v1/auctions/lot-006/events?token=${token}`).set('X-Language', lang));
  });
});
