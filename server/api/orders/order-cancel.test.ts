import request from 'supertest';
import { expectRefused } from '../http/limits-support';
import {
  bookFrom,
  createTestApi,
  ESIM_ORDER,
  MINUTE,
  payAndApprove,
  placeOrder,
  registeredAuth,
  visitorAddress,
  type TestApi,
} from '../test-support/test-api';

/*
 * POST /orders/{id}/cancel: a phone ends its own order awaiting payment; the number is on sale at
 * once for everyone but the canceller, who waits as after a lapse. Nobody else learns the order exists.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

function cancel(id: string, token?: string, header = 'Authorization') {
  const req = request(t.app).post(`/api/v1/orders/${id}/cancel`).set('X-Language', 'en');
  return token ? req.set(header, `Bearer ${token}`) : req;
}

function expectConflict(res: request.Response, code: string) {
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe(code);
}

const numberStatus = async (number: string) => (await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(number)}`)).body.status;

describe('cancelling an order awaiting payment', () => {
  it('frees the number at once for someone else, with the auth token of its phone or its own token', async () => {
    const { auth, order } = await placeOrder(t.app, '+998937200001');
    const res = await cancel(order.id, auth).expect(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'expired', number: order.number });
    expect(await numberStatus(order.number)).toBe('free');
    await bookFrom(t.app, order.number, visitorAddress(9)).expect(201);
    const other = await placeOrder(t.app, '+998937200002', ESIM_ORDER, 1);
    await cancel(other.order.id, other.accessToken).expect(200);
    expect(await numberStatus(other.order.number)).toBe('free');
  });

  it('answers another phone, another order’s token and an unknown id alike: 404, and the order stands', async () => {
    const { order } = await placeOrder(t.app, '+998937200003');
    const stranger = await registeredAuth(t.app, '+998937200004');
    const strangers = await placeOrder(t.app, '+998937200005', ESIM_ORDER, 1);
    const unknown = await cancel('00000000-0000-4000-8000-000000000000', stranger).expect(404);
    for (const token of [stranger, strangers.accessToken]) {
      const res = await cancel(order.id, token).expect(404);
      expect(res.body.error).toEqual(unknown.body.error);
    }
    expect(unknown.body.error.code).toBe('order_not_found');
    await cancel(order.id).expect(401);
    expect(await numberStatus(order.number)).not.toBe('free');
  });

  it('refuses a paid order, one with a payment under way and a lapsed one with 409 and its code', async () => {
    const paid = await placeOrder(t.app, '+998937200006');
    await payAndApprove(t.app, paid.order.id, paid.accessToken);
    expectConflict(await cancel(paid.order.id, paid.auth), 'order_already_paid');
    expect(await numberStatus(paid.order.number)).toBe('sold');

    const paying = await placeOrder(t.app, '+998937200007', ESIM_ORDER, 1);
    await request(t.app)
      .post(`/api/v1/orders/${paying.order.id}/payments`)
      .set('Authorization', `Bearer ${paying.accessToken}`)
      .send({ provider: 'payme' })
      .expect(201);
    const pending = await cancel(paying.order.id, paying.auth);
    expectConflict(pending, 'order_payment_pending');
    expect(pending.body.error.message).toBe('A payment of this order is in progress. Wait for its result before cancelling the order.');

    const lapsing = await placeOrder(t.app, '+998937200008', ESIM_ORDER, 2);
    t.clock.advance(8 * 24 * 60 * MINUTE);
    expectConflict(await cancel(lapsing.order.id, lapsing.accessToken), 'order_expired');
  });

  it('answers a second cancel with the same order, and the payment of a cancelled order is refused', async () => {
    const { auth, order, accessToken } = await placeOrder(t.app, '+998937200009');
    const first = await cancel(order.id, auth).expect(200);
    t.clock.advance(MINUTE);
    const second = await cancel(order.id, accessToken).expect(200);
    expect(second.body).toEqual(first.body);
    const payment = await request(t.app)
      .post(`/api/v1/orders/${order.id}/payments`)
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ provider: 'payme' });
    expectConflict(payment, 'order_expired');
  });

  it('makes the canceller’s phone and site wait before booking the number again, as after a lapse', async () => {
    const { auth, order } = await placeOrder(t.app, '+998937200010');
    await cancel(order.id, auth).expect(200);
    t.clock.advance(MINUTE);
    // The phone from another address, and the order's site without the phone.
    expectRefused(await bookFrom(t.app, order.number, visitorAddress(20), { 'X-Auth-Token': auth }), 'rebook_too_soon');
    expectRefused(await request(t.app).post('/api/v1/reservations').send({ number: order.number }), 'rebook_too_soon');
    t.clock.advance(15 * MINUTE);
    await bookFrom(t.app, order.number, visitorAddress(20), { 'X-Auth-Token': auth }).expect(201);
  });
});

describe('the unpaid premium order at the choice of another premium number', () => {
  it('brings a gold number back on sale at a moment nobody chose: not at once, and within ten minutes', async () => {
    const [gold] = (await request(t.app).get('/api/v1/numbers').query({ category: 'gold', pageSize: 1 })).body.items.map(
      (item: { number: string }) => item.number,
    );
    const auth = await registeredAuth(t.app, '+998937200021');
    const booked = await bookFrom(t.app, gold, visitorAddress(21), { 'X-Auth-Token': auth }).expect(201);
    const ordered = await request(t.app)
      .post('/api/v1/orders')
      .set('X-Forwarded-For', visitorAddress(21))
      .set('Authorization', `Bearer ${auth}`)
      .set('X-Reservation-Token', booked.body.reservationToken)
      .send(ESIM_ORDER)
      .expect(201);
    await cancel(ordered.body.order.id, auth).expect(200);
    // The crew's other phone, a moment after the cancel: still held.
    const partner = await registeredAuth(t.app, '+998937200022');
    const early = await bookFrom(t.app, gold, visitorAddress(22), { 'X-Auth-Token': partner });
    expectConflict(early, 'number_unavailable');
    t.clock.advance(59 * 1000);
    expectConflict(await bookFrom(t.app, gold, visitorAddress(22), { 'X-Auth-Token': partner }), 'number_unavailable');
    t.clock.advance(10 * MINUTE);
    await bookFrom(t.app, gold, visitorAddress(23), { 'X-Auth-Token': partner }).expect(201);
  });

  it('no longer refuses the choice once that order is cancelled', async () => {
    const priced = (await request(t.app).get('/api/v1/numbers').query({ category: 'silver', pageSize: 2 })).body.items.map(
      (item: { number: string }) => item.number,
    );
    const auth = await registeredAuth(t.app, '+998937200011');
    const booked = await bookFrom(t.app, priced[0], visitorAddress(11), { 'X-Auth-Token': auth }).expect(201);
    const ordered = await request(t.app)
      .post('/api/v1/orders')
      .set('X-Forwarded-For', visitorAddress(11))
      .set('Authorization', `Bearer ${auth}`)
      .set('X-Reservation-Token', booked.body.reservationToken)
      .send(ESIM_ORDER)
      .expect(201);
    const refused = await bookFrom(t.app, priced[1], visitorAddress(11), { 'X-Auth-Token': auth }).expect(429);
    expect(refused.body.error.code).toBe('premium_order_unpaid');
    await cancel(ordered.body.order.id, auth).expect(200);
    await bookFrom(t.app, priced[1], visitorAddress(11), { 'X-Auth-Token': auth }).expect(201);
  });
});
