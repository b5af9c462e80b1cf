import request from 'supertest';
import { createTestApi, ESIM_ORDER, MINUTE, registeredAuth, visitorAddress, type TestApi } from '../test-support/test-api';

/*
 * A phone with an unpaid order for a premium number (one with a price) is told so when it chooses
 * another premium number, not only when it orders it: the refusal names that order (its id and
 * number) so the site can link to paying it. Only the phone's own order is ever named.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

async function priced(count: number): Promise<string[]> {
  const res = await request(t.app).get('/api/v1/numbers').query({ category: 'silver', pageSize: count }).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

function book(number: string, from: string, auth?: string) {
  const req = request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', from).set('X-Language', 'en');
  return (auth ? req.set('X-Auth-Token', auth) : req).send({ number });
}

/** The phone books the number and orders it, leaving the order unpaid. */
async function unpaidOrder(auth: string, number: string, from: string) {
  const booked = await book(number, from, auth).expect(201);
  const ordered = await request(t.app)
    .post('/api/v1/orders')
    .set('X-Forwarded-For', from)
    .set('Authorization', `Bearer ${auth}`)
    .set('X-Reservation-Token', booked.body.reservationToken)
    .send(ESIM_ORDER)
    .expect(201);
  return ordered.body.order as { id: string; number: string; formatted: string };
}

describe('an unpaid premium order at the choice of another premium number', () => {
  it('is named in the refusal of the booking: its id, its number and the wait', async () => {
    const [first, second] = await priced(2);
    const auth = await registeredAuth(t.app, '+998937100001');
    const order = await unpaidOrder(auth, first, visitorAddress(1));
    const res = await book(second, visitorAddress(1), auth).expect(429);
    expect(res.body.error).toEqual({
      code: 'premium_order_unpaid',
      message: `You have an unpaid order for the premium number ${order.formatted}. Pay for it first, or choose another premium number in 30 min, when that order is released.`,
      retryAfterSeconds: 30 * 60,
      orderId: order.id,
      number: order.number,
    });
    expect(res.headers['retry-after']).toBe(String(30 * 60));
    // The number chosen stays on sale.
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(second)}`)).body.status).toBe('free');
  });

  it('lets the same phone choose a free number meanwhile, and a premium one once the order lapsed', async () => {
    const [first, second] = await priced(2);
    const auth = await registeredAuth(t.app, '+998937100002');
    await unpaidOrder(auth, first, visitorAddress(2));
    const free = (await request(t.app).get('/api/v1/numbers').query({ category: 'free', pageSize: 1 })).body.items[0].number;
    await book(free, visitorAddress(2), auth).expect(201);
    t.clock.advance(30 * MINUTE + 1);
    await book(second, visitorAddress(2), auth).expect(201);
  });

  it('never names one phone’s order to another phone, even one of the same person', async () => {
    const [first, second, third] = await priced(3);
    const owner = await registeredAuth(t.app, '+998937100003', 'AA7654321');
    const order = await unpaidOrder(owner, first, visitorAddress(3));
    // The same person on another phone: the booking names nothing; the order is refused at its own step, unnamed.
    const samePerson = await registeredAuth(t.app, '+998937100004', 'AA7654321');
    const booked = await book(second, visitorAddress(4), samePerson).expect(201);
    const refused = await request(t.app)
      .post('/api/v1/orders')
      .set('X-Forwarded-For', visitorAddress(4))
      .set('Authorization', `Bearer ${samePerson}`)
      .set('X-Reservation-Token', booked.body.reservationToken)
      .send(ESIM_ORDER)
      .expect(429);
    expect(refused.body.error.code).toBe('premium_order_unpaid');
    expect(JSON.stringify(refused.body)).not.toContain(order.id);
    // Another person's phone and an anonymous visitor book freely and learn nothing of it.
    const stranger = await registeredAuth(t.app, '+998937100005');
    const strangers = await book(third, visitorAddress(5), stranger).expect(201);
    expect(JSON.stringify(strangers.body)).not.toContain(order.id);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', strangers.body.reservationToken).expect(204);
    const anonymous = await book(third, visitorAddress(6)).expect(201);
    expect(JSON.stringify(anonymous.body)).not.toContain(order.id);
  });
});
