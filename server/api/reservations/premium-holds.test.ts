import request from 'supertest';
import {
  createTestApi,
  DEMO_CODE,
  ESIM_ORDER,
  MINUTE,
  registeredAuth,
  requestSmsCode,
  visitorAddress,
  type TestApi,
} from '../test-support/test-api';

/*
 * The premium categories (gold, platinum) under limits of their own: whatever crowd of confirmed
 * phones books, half of each stays on sale, and one phone holds one premium number at a time
 * (an abuser's 35 phones with 35 made-up passports once held 100 of the 103 gold numbers).
 * Each phone speaks from an address of its own, so no per-client limit is what refuses it.
 */

let t: TestApi;
afterEach(() => t.close());

const phone = (i: number) => `+99894${String(1000000 + i)}`;

/** A phone confirmed by SMS from its own address. */
async function confirmed(i: number): Promise<string> {
  const from = visitorAddress(i);
  const sent = await requestSmsCode(t.app, phone(i), { 'X-Forwarded-For': from });
  expect(sent.status).toBe(201);
  const verified = await request(t.app)
    .post('/api/v1/auth/sms/verify')
    .set('X-Forwarded-For', from)
    .send({ phone: phone(i), code: DEMO_CODE, challengeId: sent.body.challengeId })
    .expect(200);
  return verified.body.authToken as string;
}

async function numbersOf(category: string, count: number): Promise<string[]> {
  const res = await request(t.app).get('/api/v1/numbers').query({ category, pageSize: count }).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

async function available(category: string): Promise<number> {
  const res = await request(t.app).get('/api/v1/numbers/categories').expect(200);
  return (res.body.items as Array<{ id: string; available: number }>).find((c) => c.id === category)!.available;
}

function book(i: number, number: string, auth?: string, held?: string) {
  const req = request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(i)).set('X-Language', 'en');
  if (auth) req.set('X-Auth-Token', auth);
  if (held) req.set('X-Reservation-Token', held);
  return req.send({ number });
}

describe('premium holds', () => {
  it('keep half of platinum on sale whatever a crowd of confirmed phones books', async () => {
    t = createTestApi();
    const onSale = await available('platinum');
    const budget = Math.floor(onSale / 2);
    const numbers = await numbersOf('platinum', budget + 3);
    const statuses: number[] = [];
    for (let i = 0; i < budget + 3; i += 1) statuses.push((await book(i, numbers[i], await confirmed(i))).status);
    expect(statuses.slice(0, budget)).toEqual(Array(budget).fill(201));
    expect(statuses.slice(budget)).toEqual([409, 409, 409]);
    expect(await available('platinum')).toBe(onSale - budget);
    const refused = await book(budget, numbers[budget], await confirmed(100));
    expect(refused.body.error).toMatchObject({ code: 'premium_category_held', retryAfterSeconds: 15 * 60 });
    expect(refused.body.error.message).toMatch(/^Half of this category's numbers are already booked/);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    // Other categories are not touched by the premium share.
    expect((await book(200, (await numbersOf('silver', 1))[0], await confirmed(200))).status).toBe(201);
    // Once the bookings lapse, the category is open again.
    t.clock.advance(15 * MINUTE + 1);
    expect((await book(201, numbers[budget], await confirmed(201))).status).toBe(201);
  }, 60_000);

  it('count anonymous bookings and orders awaiting payment in the share, and let LIMIT_PREMIUM_HELD_SHARE set it', async () => {
    t = createTestApi({ limits: { premiumHeldShare: 0.05 } });
    const budget = Math.floor((await available('gold')) * 0.05);
    const numbers = await numbersOf('gold', budget + 1);
    // One booking becomes an order awaiting payment, the others stay bookings without a phone.
    const buyer = await registeredAuth(t.app, phone(300));
    const held = (await book(300, numbers[0], buyer).expect(201)).body.reservationToken;
    await request(t.app)
      .post('/api/v1/orders')
      .set('X-Forwarded-For', visitorAddress(300))
      .set('Authorization', `Bearer ${buyer}`)
      .set('X-Reservation-Token', held)
      .send(ESIM_ORDER)
      .expect(201);
    for (let i = 1; i < budget; i += 1) await book(i, numbers[i]).expect(201);
    expect((await book(budget, numbers[budget], await confirmed(budget))).body.error.code).toBe('premium_category_held');
  });

  it('let a visitor replace their own premium booking with another one of the category when the share is reached', async () => {
    t = createTestApi({ limits: { premiumHeldShare: 0.05 } });
    const budget = Math.floor((await available('gold')) * 0.05);
    const numbers = await numbersOf('gold', budget + 1);
    const tokens: string[] = [];
    for (let i = 0; i < budget; i += 1) tokens.push((await book(i, numbers[i]).expect(201)).body.reservationToken);
    const replaced = await book(0, numbers[budget], undefined, tokens[0]).expect(201);
    expect(replaced.body.replaced).toBe(numbers[0]);
  });

  it('let one confirmed phone hold one gold or platinum number at a time, booked or ordered', async () => {
    t = createTestApi();
    const auth = await confirmed(1);
    const [gold, gold2] = await numbersOf('gold', 2);
    const [platinum] = await numbersOf('platinum', 1);
    const first = await book(1, gold, auth).expect(201);
    // A second premium number, from the same address or another, is refused with the time until the first is released.
    for (const from of [1, 2]) {
      const second = await book(from, platinum, auth);
      expect(second.status).toBe(429);
      expect(second.body.error).toMatchObject({ code: 'too_many_premium_holds', retryAfterSeconds: 15 * 60 });
      expect(second.body.error.message).toBe(
        'This phone already holds a gold or platinum number. Buy it or release it before booking another one, or try again in 15 min.',
      );
    }
    // Replacing the booking with another premium number holds no more than before.
    const swapped = await book(1, gold2, auth, first.body.reservationToken).expect(201);
    expect(swapped.body.replaced).toBe(gold);
    // A number of another category is no premium hold.
    await book(3, (await numbersOf('bronze', 1))[0], auth).expect(201);
    // Released, the phone may hold another.
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', swapped.body.reservationToken).expect(204);
    await book(1, platinum, auth).expect(201);
  });

  it('refuse an order that would make a booking made without the phone its second premium number', async () => {
    t = createTestApi();
    const auth = await registeredAuth(t.app, phone(400));
    const [gold, gold2] = await numbersOf('gold', 2);
    await book(400, gold, auth).expect(201);
    // Booked without the auth token, then ordered with it.
    const anonymous = await book(401, gold2).expect(201);
    const order = await request(t.app)
      .post('/api/v1/orders')
      .set('X-Forwarded-For', visitorAddress(401))
      .set('Authorization', `Bearer ${auth}`)
      .set('X-Reservation-Token', anonymous.body.reservationToken)
      .set('X-Language', 'ru')
      .send(ESIM_ORDER);
    expect(order.status).toBe(429);
    expect(order.body.error.code).toBe('too_many_premium_holds');
    expect(order.body.error.message).toMatch(/^За этим телефоном уже есть золотой или платиновый номер/);
  });

  it('let LIMIT_PREMIUM_HOLDS_PER_PHONE allow more', async () => {
    t = createTestApi({ limits: { premiumHoldsPerPhone: 2, bookingsPerPhone: 5 } });
    const auth = await confirmed(1);
    const [a, b, c] = await numbersOf('gold', 3);
    await book(1, a, auth).expect(201);
    await book(2, b, auth).expect(201);
    expect((await book(3, c, auth)).body.error.code).toBe('too_many_premium_holds');
  });
});
