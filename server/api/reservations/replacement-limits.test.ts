import request from 'supertest';
import { authToken, createTestApi, neighbourAddress, visitorAddress, type TestApi } from '../test-support/test-api';
import { expectRefused } from '../http/limits-support';

/*
 * Replacing a booking (POST /reservations with a held X-Reservation-Token) makes a booking of the
 * requester's: their limits apply to it as to a new one, the replaced booking counted as released
 * (docs/attacks/2026-11-28-writes.md, F1: one phone and a crowd of addresses once held a whole category this way).
 */

let t: TestApi;
afterEach(() => t.close());

async function freeNumbers(count: number, category = 'free'): Promise<string[]> {
  const res = await request(t.app).get(`/api/v1/numbers?category=${category}&pageSize=${count}`).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

function book(number: string, from: string, headers: Record<string, string> = {}) {
  return request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', from).set(headers).send({ number });
}

describe('replacing a booking', () => {
  it('refuses turning an anonymous booking into a booking of a phone that already holds its limit', async () => {
    t = createTestApi();
    const numbers = await freeNumbers(6);
    const auth = await authToken(t.app, '+998907770020');
    await book(numbers[0], visitorAddress(1), { 'X-Auth-Token': auth }).expect(201);
    await book(numbers[1], visitorAddress(1), { 'X-Auth-Token': auth }).expect(201);
    expectRefused(await book(numbers[2], visitorAddress(1), { 'X-Auth-Token': auth }), 'too_many_phone_bookings');
    // The attack: an anonymous booking from some address, replaced under the phone's token.
    const anonymous = (await book(numbers[3], visitorAddress(2)).expect(201)).body.reservationToken as string;
    const replaced = await book(numbers[4], visitorAddress(2), { 'X-Auth-Token': auth, 'X-Reservation-Token': anonymous });
    expectRefused(replaced, 'too_many_phone_bookings');
    // Nothing changed: the anonymous booking still holds its number, the other number is on sale.
    const held = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', anonymous).expect(200);
    expect(held.body).toMatchObject({ number: numbers[3], status: 'active' });
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(numbers[4])}`)).body.available).toBe(true);
  });

  it('lets a phone at its limit replace one of its own bookings', async () => {
    t = createTestApi();
    const numbers = await freeNumbers(3);
    const auth = await authToken(t.app, '+998907770021');
    const first = (await book(numbers[0], visitorAddress(1), { 'X-Auth-Token': auth }).expect(201)).body.reservationToken as string;
    await book(numbers[1], visitorAddress(1), { 'X-Auth-Token': auth }).expect(201);
    const swapped = await book(numbers[2], visitorAddress(3), { 'X-Auth-Token': auth, 'X-Reservation-Token': first }).expect(201);
    expect(swapped.body.replaced).toBe(numbers[0]);
  });

  it('counts a replacement sent from another address against that address’s and its network’s holds', async () => {
    t = createTestApi({ limits: { holdsPerClient: 2, holdsPerNetwork: 3 } });
    const numbers = await freeNumbers(8);
    const elsewhere = (await book(numbers[0], visitorAddress(1)).expect(201)).body.reservationToken as string;
    await book(numbers[1], neighbourAddress(0)).expect(201);
    await book(numbers[2], neighbourAddress(0)).expect(201);
    // The client at its own limit cannot take over a booking made from another address.
    expectRefused(await book(numbers[3], neighbourAddress(0), { 'X-Reservation-Token': elsewhere }), 'too_many_holds');
    // A neighbour of the same network brings it to its limit, and is then refused a takeover too.
    await book(numbers[4], neighbourAddress(1)).expect(201);
    expectRefused(await book(numbers[5], neighbourAddress(1), { 'X-Reservation-Token': elsewhere }), 'too_many_network_holds');
    // From its own address, the visitor replaces their booking as before.
    await book(numbers[6], visitorAddress(1), { 'X-Reservation-Token': elsewhere }).expect(201);
  });

  it('keeps the anonymous share for a phone’s booking replaced without the phone', async () => {
    t = createTestApi({ limits: { anonymousHeldShare: 0 } });
    const [mine, other] = await freeNumbers(2);
    const auth = await authToken(t.app, '+998907770022');
    const booked = (await book(mine, visitorAddress(1), { 'X-Auth-Token': auth }).expect(201)).body.reservationToken as string;
    const refused = await book(other, visitorAddress(1), { 'X-Reservation-Token': booked });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('phone_required');
  });
});
