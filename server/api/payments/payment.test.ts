import request from 'supertest';
import { createTestApi, MINUTE, placeOrder, reserve, type TestApi } from '../test-support/test-api';

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const HOUR = 60 * MINUTE;

function startPayment(accessToken: string, orderId: string, body: object = { provider: 'payme', returnPath: '/en/payment?step=2' }) {
  return request(t.app).post(`/api/v1/orders/${orderId}/payments`).set('Authorization', `Bearer ${accessToken}`).send(body);
}

function status(accessToken: string, orderId: string, lang = 'en') {
  return request(t.app)
    .get(`/api/v1/orders/${orderId}/status`)
    .set('Authorization', `Bearer ${accessToken}`)
    .set('X-Language', lang)
    .expect(200);
}

describe('payment', () => {
  it('returns the sandbox page URL with the amount in UZS and tiyin', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const res = await startPayment(accessToken, order.id).expect(201);
    expect(res.body).toMatchObject({
      provider: 'payme',
      amount: order.total,
      amountTiyin: order.total * 100,
      expiresAt: order.paymentDeadline,
    });
    expect(res.body.paymentUrl).toMatch(/^\/api\/v1\/sandbox\/payments\/[0-9a-f]{32}$/);
  });

  it('serves a localized sandbox page without scripts under a strict CSP', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const { paymentUrl } = (await startPayment(accessToken, order.id)).body;
    const page = await request(t.app).get(paymentUrl).set('Accept-Language', 'uz').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('<html lang="uz">');
    expect(page.text).toContain('Toʻlovni tasdiqlash');
    expect(page.text).toContain(`action="${paymentUrl}/approve?lang=uz"`);
    const en = await request(t.app).get(`${paymentUrl}?lang=en`).expect(200);
    expect(en.text).toContain('Approve payment');
    await request(t.app).get('/api/v1/sandbox/payments/0123456789abcdef0123456789abcdef').expect(404);
  });

  it('activates the number after approval: "I\'ve already paid" answers activated', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    expect((await status(accessToken, order.id)).body).toMatchObject({
      result: 'not_paid',
      message: 'Your number has not been activated. Please double check the payment!',
    });
    const { paymentUrl } = (await startPayment(accessToken, order.id)).body;
    const back = await request(t.app).post(`${paymentUrl}/approve`).type('form').send('').expect(303);
    expect(back.headers.location).toBe(`/en/payment?step=2&order=${order.id}&payment=approved`);
    const res = await status(accessToken, order.id);
    expect(res.body).toMatchObject({
      status: 'activated',
      result: 'activated',
      number: order.number,
      message: 'The number was successfully activated!',
    });
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(order.number)}`)).body.status).toBe('sold');
    expect((await startPayment(accessToken, order.id).expect(409)).body.error.code).toBe('order_already_paid');
  });

  it('leaves the order unpaid after a decline, and a later payment can still succeed', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const first = (await startPayment(accessToken, order.id, { provider: 'card' })).body.paymentUrl;
    const back = await request(t.app).post(`${first}/decline`).type('form').send('').expect(303);
    expect(back.headers.location).toBe(`/payment?order=${order.id}&payment=declined`);
    expect((await status(accessToken, order.id)).body.result).toBe('not_paid');
    // Deciding twice changes nothing.
    await request(t.app).post(`${first}/approve`).type('form').send('').expect(303);
    expect((await status(accessToken, order.id)).body.result).toBe('not_paid');
    const second = (await startPayment(accessToken, order.id, { provider: 'uzum' })).body.paymentUrl;
    await request(t.app).post(`${second}/approve`).expect(303);
    expect((await status(accessToken, order.id)).body.result).toBe('activated');
  });

  it('says where the latest payment stands, so a decline is told from a payment still pending', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    expect((await status(accessToken, order.id)).body).toMatchObject({ result: 'not_paid', payment: 'none' });
    const first = (await startPayment(accessToken, order.id, { provider: 'card' })).body.paymentUrl;
    expect((await status(accessToken, order.id)).body).toMatchObject({ result: 'not_paid', payment: 'pending' });
    t.clock.advance(MINUTE);
    await request(t.app).post(`${first}/decline`).type('form').send('').expect(303);
    expect((await status(accessToken, order.id)).body).toMatchObject({ result: 'not_paid', payment: 'declined' });
    t.clock.advance(MINUTE);
    const second = (await startPayment(accessToken, order.id, { provider: 'uzum' })).body.paymentUrl;
    expect((await status(accessToken, order.id)).body.payment).toBe('pending');
    await request(t.app).post(`${second}/approve`).expect(303);
    expect((await status(accessToken, order.id)).body).toMatchObject({ result: 'activated', payment: 'approved' });
  });

  it('expires an unpaid order after the payment window and frees its number', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    t.clock.advance(12 * HOUR);
    expect((await status(accessToken, order.id)).body).toMatchObject({ status: 'expired', result: 'expired' });
    expect((await startPayment(accessToken, order.id).expect(409)).body.error.code).toBe('order_expired');
    await reserve(t.app, order.number);
  });

  it('still activates on a late success when nobody took the number meanwhile', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const { paymentUrl } = (await startPayment(accessToken, order.id)).body;
    t.clock.advance(13 * HOUR);
    await request(t.app).post(`${paymentUrl}/approve`).expect(303);
    expect((await status(accessToken, order.id)).body.result).toBe('activated');
  });

  it('refunds a late success when the number went to someone else', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    const { paymentUrl } = (await startPayment(accessToken, order.id)).body;
    t.clock.advance(13 * HOUR);
    await reserve(t.app, order.number);
    const back = await request(t.app).post(`${paymentUrl}/approve`).expect(303);
    expect(back.headers.location).toContain('payment=refunded');
    expect((await status(accessToken, order.id)).body.result).toBe('expired');
  });

  it('accepts only a same-site return path', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    for (const returnPath of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'success', '/a b']) {
      expect((await startPayment(accessToken, order.id, { provider: 'payme', returnPath }).expect(400)).body.error).toMatchObject({
        code: 'invalid_field',
        field: 'returnPath',
      });
    }
    expect((await startPayment(accessToken, order.id, { provider: 'paypal' }).expect(400)).body.error.field).toBe('provider');
  });

  it.each(['/ru//evil.example/steal', '/en/\\\\evil.example/steal', '/uz/payment//\\evil.example'])(
    'collapses the slashes of return path %s before keeping it, so the way back stays on the site',
    async (returnPath) => {
      const { order, accessToken } = await placeOrder(t.app);
      const { paymentUrl } = (await startPayment(accessToken, order.id, { provider: 'payme', returnPath }).expect(201)).body;
      const back = await request(t.app).post(`${paymentUrl}/decline`).expect(303);
      const location = back.headers.location as string;
      expect(location).not.toMatch(/^[/\\]{2}|^\/\\|[/\\]{2}/);
      expect(new URL(location, 'https://oq.example').host).toBe('oq.example');
      expect(location).toContain(`order=${order.id}`);
    },
  );
});
