import request from 'supertest';
import { createTestApi, ESIM_ORDER, freeNumber, MINUTE, orderBooked, placeOrder, type TestApi } from '../test-support/test-api';

/*
 * A booking that became an order: the order holds the number until its payment deadline, so the
 * booking's token says so after the booking's own end instead of "booking expired, choose again"
 * (docs/attacks/2026-11-28-writes.md, F9).
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const current = (token: string) =>
  request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token).set('X-Language', 'en');

describe('a booking that became an order', () => {
  it('answers the booking as ordered, with its order and the order’s hold, after the booking’s own end', async () => {
    const { reservation, order, auth } = await placeOrder(t.app);
    const ordered = { number: order.number, status: 'ordered', orderId: order.id, expiresAt: order.paymentDeadline };
    expect((await current(reservation).expect(200)).body).toMatchObject(ordered);
    t.clock.advance(16 * MINUTE);
    expect((await current(reservation).expect(200)).body).toMatchObject(ordered);
    // The number is indeed still held, for the order.
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(order.number)}`)).body).toMatchObject({ status: 'reserved' });
    // Cancelling it or ordering it again is what it is for any ordered booking: a conflict.
    const cancel = await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', reservation);
    expect([cancel.status, cancel.body.error.code]).toEqual([409, 'reservation_has_order']);
    const again = await orderBooked(t.app, auth, reservation, ESIM_ORDER);
    expect([again.status, again.body.error.code]).toEqual([409, 'reservation_has_order']);
  });

  it('says the booking has expired once its order lapsed unpaid, whoever holds the number now', async () => {
    const { reservation, order, auth } = await placeOrder(t.app);
    t.clock.advance(Date.parse(order.paymentDeadline) - t.clock.now() + 1);
    const expired = { code: 'reservation_expired', message: 'The booking time has expired. Please select it again.' };
    expect((await current(reservation).expect(401)).body.error).toEqual(expired);
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', '10.9.9.9').send({ number: order.number }).expect(201);
    expect((await current(reservation).expect(401)).body.error).toEqual(expired);
    const cancel = await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', reservation);
    expect([cancel.status, cancel.body.error.code]).toEqual([401, 'reservation_expired']);
    const again = await orderBooked(t.app, auth, reservation, ESIM_ORDER);
    expect([again.status, again.body.error.code]).toEqual([401, 'reservation_expired']);
  });

  it('says the same while the booking’s own time runs, when the order lapsed first', async () => {
    t.close();
    t = createTestApi({ paymentWindowPremiumMinutes: 1 });
    const { reservation, order } = await placeOrder(t.app);
    t.clock.advance(Date.parse(order.paymentDeadline) - t.clock.now() + 1);
    expect((await current(reservation).expect(401)).body.error.code).toBe('reservation_expired');
  });

  it('still says an expired booking without an order has expired', async () => {
    const booked = await request(t.app)
      .post('/api/v1/reservations')
      .send({ number: await freeNumber(t.app, 'free') })
      .expect(201);
    t.clock.advance(16 * MINUTE);
    const res = await current(booked.body.reservationToken as string).expect(401);
    expect(res.body.error).toEqual({ code: 'reservation_expired', message: 'The booking time has expired. Please select it again.' });
  });
});
