import request from 'supertest';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, placeOrder, type TestApi } from '../test-support/test-api';
import { PAYMENTS_PER_ORDER } from './payment-service';

// docs/attacks/2026-11-28-writes.md F10 (c, d): a payment asked again, with the same body or another.

let t: TestApi;
afterEach(() => t.close());

const rows = (table: 'payments' | 'auction_payments') => {
  const db = openDatabase(t.dataDir);
  try {
    return db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('a deposit or buy-now asked again while its payment is pending', () => {
  const start = (token: string, kind: 'deposit' | 'buy-now', body: object) =>
    request(t.app)
      .post(`/api/v1/auctions/${kind === 'deposit' ? 'lot-009' : 'lot-007'}/${kind}`)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Language', 'en')
      .send(body);

  it.each(['deposit', 'buy-now'] as const)(
    '%s: the same body gets the same payment, another body 409 payment_already_pending',
    async (kind) => {
      t = createTestApi({ auctionDepositPercent: 10 });
      const token = await authToken(t.app);
      const first = await start(token, kind, { provider: 'payme', returnPath: '/a' });
      expect(first.status).toBe(201);
      expect((await start(token, kind, { provider: 'payme', returnPath: '/a' }).expect(201)).body.paymentId).toBe(first.body.paymentId);
      for (const other of [
        { provider: 'click', returnPath: '/a' },
        { provider: 'payme', returnPath: '/b' },
      ]) {
        const res = await start(token, kind, other).expect(409);
        expect(res.body.error).toEqual({
          code: 'payment_already_pending',
          message: 'A payment with another provider or return address is already under way. Complete it or wait until its time is over.',
        });
      }
      expect(rows('auction_payments')).toBe(1);
    },
  );
});

describe('an order’s payments', () => {
  const start = (accessToken: string, orderId: string, body: object) =>
    request(t.app)
      .post(`/api/v1/orders/${orderId}/payments`)
      .set('Authorization', `Bearer ${accessToken}`)
      .set('X-Language', 'en')
      .send(body);

  it('gives the pending payment of the same provider and return path again instead of adding one per call', async () => {
    t = createTestApi();
    const { order, accessToken } = await placeOrder(t.app);
    const body = { provider: 'payme', returnPath: '/en/payment?step=2' };
    const first = (await start(accessToken, order.id, body).expect(201)).body;
    for (let n = 0; n < 5; n += 1) expect((await start(accessToken, order.id, body).expect(201)).body).toEqual(first);
    expect(rows('payments')).toBe(1);
    // Another provider is a payment of its own: a visitor may switch.
    const click = (await start(accessToken, order.id, { ...body, provider: 'click' }).expect(201)).body;
    expect(click.paymentId).not.toBe(first.paymentId);
    expect(rows('payments')).toBe(2);
  });

  it(`starts at most ${PAYMENTS_PER_ORDER} payments for one order, then 409 too_many_payments`, async () => {
    t = createTestApi();
    const { order, accessToken } = await placeOrder(t.app);
    for (let n = 0; n < PAYMENTS_PER_ORDER; n += 1)
      await start(accessToken, order.id, { provider: n % 2 ? 'payme' : 'click', returnPath: `/en/payment?n=${n}` }).expect(201);
    const refused = await start(accessToken, order.id, { provider: 'payme', returnPath: '/en/payment?n=x' }).expect(409);
    expect(refused.body.error).toEqual({
      code: 'too_many_payments',
      message: `This order has already started as many payments as allowed (${PAYMENTS_PER_ORDER}). Complete one of them or contact support.`,
    });
    expect(rows('payments')).toBe(PAYMENTS_PER_ORDER);
    // A payment already started is still given again.
    await start(accessToken, order.id, { provider: 'payme', returnPath: '/en/payment?n=1' }).expect(201);
  });
});
