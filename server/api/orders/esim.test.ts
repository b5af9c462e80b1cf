import request from 'supertest';
import type express from 'express';
import { EsimProfile } from '../../../shared/contract';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { ApiContext } from '../context';
import { openDatabase } from '../store/database';
import { activationCode, createEsimProfiles, DEFAULT_SMDP_ADDRESS } from './esim-profiles';
import { ORDER_TOKEN_LIFETIME_MS } from './order-service';
import { authToken, createTestApi, payAndApprove, PHYSICAL_ORDER, placeOrder, type TestApi } from '../test-support/test-api';

const ACTIVATION_CODE = /^LPA:1\$[^$]+\$[A-Z0-9]{20,}/;

const readOrder = (app: express.Express, orderId: string, token: string) =>
  request(app).get(`/api/v1/orders/${orderId}`).set('Authorization', `Bearer ${token}`);

describe('the eSIM profile of an order', () => {
  let t: TestApi;
  beforeEach(() => {
    t = createTestApi();
  });
  afterEach(() => t.close());

  it('appears only once the order is activated, as an SGP.22 activation code of the configured SM-DP+ address', async () => {
    const { order, accessToken } = await placeOrder(t.app);
    expect(order.esim).toBeNull();
    expect((await readOrder(t.app, order.id, accessToken).expect(200)).body.esim).toBeNull();

    await payAndApprove(t.app, order.id, accessToken);
    const activated = (await readOrder(t.app, order.id, accessToken).expect(200)).body;
    expect(activated.status).toBe('activated');
    const esim = EsimProfile.parse(activated.esim);
    expect(esim.activationCode).toMatch(ACTIVATION_CODE);
    expect(esim.activationCode).toBe(`LPA:1$${DEFAULT_SMDP_ADDRESS}$${esim.matchingId}`);
    expect(esim.smdpAddress).toBe(DEFAULT_SMDP_ADDRESS);
    expect(esim.confirmationCode).toBeNull();
    // The same profile on every read: it is issued once.
    expect((await readOrder(t.app, order.id, accessToken).expect(200)).body.esim).toEqual(esim);
    // The status answer ("I've already paid") never carries it.
    const status = await request(t.app).get(`/api/v1/orders/${order.id}/status`).set('Authorization', `Bearer ${accessToken}`).expect(200);
    expect(JSON.stringify(status.body)).not.toContain(esim.matchingId);
  });

  it('is absent for a physical SIM, activated or not', async () => {
    const { order, accessToken } = await placeOrder(t.app, '+998901234567', PHYSICAL_ORDER);
    await payAndApprove(t.app, order.id, accessToken);
    const activated = (await readOrder(t.app, order.id, accessToken).expect(200)).body;
    expect(activated.status).toBe('activated');
    expect(activated.esim).toBeNull();
  });

  it('reaches the order’s own token and its owner’s phone, and nobody else: another phone 403, an expired token 401, none 401', async () => {
    const { order, accessToken, auth } = await placeOrder(t.app);
    await payAndApprove(t.app, order.id, accessToken);
    expect((await readOrder(t.app, order.id, auth).expect(200)).body.esim.activationCode).toMatch(ACTIVATION_CODE);

    const stranger = await readOrder(t.app, order.id, await authToken(t.app, '+998935550000')).expect(403);
    expect(stranger.body.error.code).toBe('order_forbidden');
    const anonymous = await request(t.app).get(`/api/v1/orders/${order.id}`).expect(401);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/LPA:/);

    t.clock.advance(ORDER_TOKEN_LIFETIME_MS + 1000);
    const expired = await readOrder(t.app, order.id, accessToken).expect(401);
    expect(expired.body.error.code).toBe('token_expired');
    expect(JSON.stringify(expired.body)).not.toMatch(/LPA:/);
  });

  it('names a confirmation code in the activation code only when one is required', async () => {
    const strict = createTestApi({ esim: { smdpAddress: 'smdp.example.uz', confirmationCode: true } });
    try {
      const { order, accessToken } = await placeOrder(strict.app);
      await payAndApprove(strict.app, order.id, accessToken);
      const esim = EsimProfile.parse((await readOrder(strict.app, order.id, accessToken).expect(200)).body.esim);
      expect(esim.confirmationCode).toMatch(/^\d{8}$/);
      expect(esim.activationCode).toBe(`LPA:1$smdp.example.uz$${esim.matchingId}$$1`);
    } finally {
      strict.close();
    }
  });

  it('is unique across 1,000 activations, each a well-formed activation code', () => {
    const db = openDatabase(t.dataDir);
    try {
      // 1,000 activated eSIM orders, copies of one real order's row under new ids.
      const template = db.prepare('SELECT id FROM numbers LIMIT 1').pluck().get() as number;
      db.prepare(
        "INSERT INTO reservations (id, number_id, status, price, created_at, expires_at) VALUES ('r-esim', ?, 'ordered', 0, 0, 1)",
      ).run(template);
      const insertOrder = db.prepare(
        `INSERT INTO orders (id, reservation_id, number_id, phone, status, number_price, tariff, sim_type, sim_price, email, total, created_at, payment_deadline)
         VALUES (?, 'r-esim', ?, '+998901234567', 'activated', 0, '{}', 'esim', 0, 'a@b.uz', 0, 0, 1)`,
      );
      const profiles = createEsimProfiles({ db, esim: { smdpAddress: DEFAULT_SMDP_ADDRESS, confirmationCode: false } } as ApiContext);
      const codes = new Set<string>();
      db.transaction(() => {
        for (let i = 0; i < 1000; i++) {
          insertOrder.run(`order-${i}`, template);
          profiles.issue(`order-${i}`, i);
        }
      })();
      for (let i = 0; i < 1000; i++) {
        const code = profiles.find(`order-${i}`)!.activationCode;
        expect(code).toMatch(ACTIVATION_CODE);
        codes.add(code);
      }
      expect(codes.size).toBe(1000);
      // Issuing again for an order keeps its first profile.
      const first = profiles.find('order-0');
      profiles.issue('order-0', 5000);
      expect(profiles.find('order-0')).toEqual(first);
    } finally {
      db.close();
    }
  });

  it('writes the activation code with or without the confirmation flag', () => {
    expect(activationCode({ smdpAddress: 'smdp.oq.uz', matchingId: 'ABC', confirmationCode: null })).toBe('LPA:1$smdp.oq.uz$ABC');
    expect(activationCode({ smdpAddress: 'smdp.oq.uz', matchingId: 'ABC', confirmationCode: '12345678' })).toBe('LPA:1$smdp.oq.uz$ABC$$1');
  });
});

describe('the eSIM profile and the logs', () => {
  let site: TestApp;
  beforeEach(() => {
    site = createTestApp({ LOG_REQUESTS: 'true' });
  });
  afterEach(() => site.close());

  it('never appears in a log line written during the whole purchase (the site’s or the console’s), nor in the success page’s HTML', async () => {
    const console_ = [jest.spyOn(console, 'log'), jest.spyOn(console, 'info'), jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')];
    try {
      const { order, accessToken } = await placeOrder(site.app);
      await payAndApprove(site.app, order.id, accessToken);
      const esim = EsimProfile.parse((await readOrder(site.app, order.id, accessToken).expect(200)).body.esim);
      // A refused read (another phone) and a page of the site along the way.
      await readOrder(site.app, order.id, await authToken(site.app, '+998935550001')).expect(403);
      // The success page's HTML (what the page cache would keep) holds nothing of the order.
      const successPage = await request(site.app).get(`/en/success?order=${order.id}`).expect(200);
      expect(successPage.text).not.toContain(esim.matchingId);

      const written = [...site.logger.lines, ...console_.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')))];
      expect(written.some((line) => line.includes(`/api/v1/orders/${order.id}`))).toBe(true);
      for (const secret of [esim.matchingId, esim.activationCode]) expect(written.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      for (const spy of console_) spy.mockRestore();
    }
  });
});
