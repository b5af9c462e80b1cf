import request from 'supertest';
import { authToken, bookFrom, createTestApi, freeNumbers, neighbourAddress, type TestApi } from '../test-support/test-api';
import { expectRefused } from '../http/limits-support';

/*
 * The hourly booking budgets count what a booking holds that is new, and whose it is
 * (docs/attacks/2026-11-28-writes-second.md, A1): re-posting the number one already holds with
 * its own token once spent a carrier NAT's whole network budget in 180 free requests; a confirmed
 * phone's bookings count against the phone, not against the thousands behind its address.
 */

let t: TestApi;
afterEach(() => t.close());

describe('the hourly booking budgets', () => {
  it('spend nothing on the same number posted again with its own token', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 3, reservationsPerNetworkPerHour: 3 } });
    const [held, neighbours] = await freeNumbers(t.app, 2);
    const first = await bookFrom(t.app, held, neighbourAddress(0)).expect(201);
    const token = first.body.reservationToken as string;
    for (let i = 0; i < 10; i += 1) {
      const again = await bookFrom(t.app, held, neighbourAddress(0), { 'X-Reservation-Token': token }).expect(201);
      expect(again.body.reservation.bookingId).toBe(first.body.reservation.bookingId);
    }
    // The address and its network spent one booking of three: a neighbour books, and so does the address.
    await bookFrom(t.app, neighbours, neighbourAddress(1)).expect(201);
  });

  it('count a confirmed phone’s bookings against the phone, not its address’s network', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 3, reservationsPerNetworkPerHour: 3 } });
    const numbers = await freeNumbers(t.app, 6);
    const phone = await authToken(t.app, '+998907770041');
    let held: string | undefined;
    for (const number of numbers.slice(0, 3)) {
      const headers: Record<string, string> = { 'X-Auth-Token': phone, ...(held ? { 'X-Reservation-Token': held } : {}) };
      held = (await bookFrom(t.app, number, neighbourAddress(0), headers).expect(201)).body.reservationToken as string;
    }
    // The phone's own budget is spent, wherever it books from...
    const spent = await bookFrom(t.app, numbers[3], neighbourAddress(5), {
      'X-Auth-Token': phone,
      'X-Reservation-Token': held!,
      'X-Language': 'en',
    });
    expectRefused(spent, 'too_many_phone_reservations');
    expect(spent.body.error.message).toBe('Too many bookings with this phone. Please try again in 60 min.');
    // ...while its network's anonymous visitors keep all of theirs, and another phone has its own.
    for (const [index, number] of numbers.slice(3, 5).entries()) await bookFrom(t.app, number, neighbourAddress(index + 1)).expect(201);
    await bookFrom(t.app, numbers[5], neighbourAddress(0), { 'X-Auth-Token': await authToken(t.app, '+998907770042') }).expect(201);
  });

  it('still count an anonymous booking cancelled against its network', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 3, reservationsPerNetworkPerHour: 3 } });
    const numbers = await freeNumbers(t.app, 4);
    for (const [index, number] of numbers.slice(0, 3).entries()) {
      const token = (await bookFrom(t.app, number, neighbourAddress(index)).expect(201)).body.reservationToken as string;
      await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
    }
    expectRefused(await bookFrom(t.app, numbers[3], neighbourAddress(3)), 'too_many_network_reservations');
  });
});
