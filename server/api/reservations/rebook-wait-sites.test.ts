import request from 'supertest';
import {
  authToken,
  bookFrom,
  createTestApi,
  freeNumbers,
  MINUTE,
  placeOrder,
  visitorAddress,
  type TestApi,
} from '../test-support/test-api';
import { expectRefused } from '../http/limits-support';

/*
 * The rebooking wait follows whoever let the number go however they come back
 * (docs/attacks/2026-11-28-writes-second.md, A2, A3): an order left unpaid lets the number go as a
 * cancelled booking does; the phone that let it go waits from any address, and the address (an
 * IPv6 /48 as a whole) waits whatever phone token it carries.
 */

let t: TestApi;
afterEach(() => t.close());

function cancel(token: string) {
  return request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
}

describe('the rebooking wait', () => {
  it('refuses the phone and the address whose order of the number lapsed unpaid, until the wait has passed', async () => {
    t = createTestApi();
    const { order, auth } = await placeOrder(t.app, '+998907770051');
    t.clock.advance(Date.parse(order.paymentDeadline) - t.clock.now() + 1);
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(order.number)}`)).body.available).toBe(true);
    const again = await bookFrom(t.app, order.number, visitorAddress(1), { Authorization: `Bearer ${auth}` });
    expectRefused(again, 'rebook_too_soon');
    expect(again.body.error.retryAfterSeconds).toBe(15 * 60);
    // The order's booking was made from the test's own address, without a phone.
    expectRefused(await request(t.app).post('/api/v1/reservations').send({ number: order.number }), 'rebook_too_soon');
    t.clock.advance(15 * MINUTE);
    await bookFrom(t.app, order.number, visitorAddress(1), { Authorization: `Bearer ${auth}` }).expect(201);
  });

  it('lets anyone else book a number whose order lapsed at once', async () => {
    t = createTestApi();
    const { order } = await placeOrder(t.app, '+998907770052');
    t.clock.advance(Date.parse(order.paymentDeadline) - t.clock.now() + 1);
    await bookFrom(t.app, order.number, visitorAddress(2), { 'X-Auth-Token': await authToken(t.app, '+998907770053') }).expect(201);
  });

  it('refuses every /64 of the IPv6 /48 that let the number go, and no other /48', async () => {
    t = createTestApi();
    const [number] = await freeNumbers(t.app, 1);
    await cancel((await bookFrom(t.app, number, '2a02:4780:1:ab00::1').expect(201)).body.reservationToken);
    for (const next of ['2a02:4780:1:ab01::1', '2a02:4780:1:ff00::9', '2a02:4780:1:ab00::2'])
      expectRefused(await bookFrom(t.app, number, next), 'rebook_too_soon');
    await bookFrom(t.app, number, '2a02:4780:2:ab00::1').expect(201);
  });

  it('refuses another phone from the address that let the number go, and a phone token on an address that let it go anonymously', async () => {
    t = createTestApi();
    const [number, other] = await freeNumbers(t.app, 2);
    const first = await authToken(t.app, '+998907770054');
    const second = await authToken(t.app, '+998907770055');
    await cancel((await bookFrom(t.app, number, visitorAddress(1), { 'X-Auth-Token': first }).expect(201)).body.reservationToken);
    expectRefused(await bookFrom(t.app, number, visitorAddress(1), { 'X-Auth-Token': second }), 'rebook_too_soon');
    expectRefused(await bookFrom(t.app, number, visitorAddress(2), { 'X-Auth-Token': first }), 'rebook_too_soon');
    await cancel((await bookFrom(t.app, other, visitorAddress(3)).expect(201)).body.reservationToken);
    expectRefused(await bookFrom(t.app, other, visitorAddress(3), { 'X-Auth-Token': second }), 'rebook_too_soon');
    await bookFrom(t.app, number, visitorAddress(4), { 'X-Auth-Token': second }).expect(201);
  });
});
