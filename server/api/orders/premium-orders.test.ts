import request from 'supertest';
import { createTestApi, ESIM_ORDER, MINUTE, orderBooked, registeredAuth, visitorAddress, type TestApi } from '../test-support/test-api';

/*
 * Unpaid orders hold a premium number briefly: a number with a price (or won at auction) waits
 * for payment PAYMENT_WINDOW_PREMIUM_MINUTES (30 by default), and one identified person has at
 * most one such order unpaid at a time, whatever phones or addresses they use.
 */

let t: TestApi;
afterEach(() => t.close());

// Numbers with a price; silver and bronze first: a phone holds one gold or platinum number at a
// time (premium-holds.test.ts), which is not what these tests are about.
const PREMIUM = ['silver', 'bronze', 'gold', 'platinum'];

async function premiumNumbers(count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (const category of PREMIUM) {
    const res = await request(t.app).get('/api/v1/numbers').query({ category, pageSize: 100 }).expect(200);
    numbers.push(...res.body.items.map((item: { number: string }) => item.number));
  }
  expect(numbers.length).toBeGreaterThanOrEqual(count);
  return numbers.slice(0, count);
}

/** A verified phone books the number and orders it; answers the order's response. */
async function bookAndOrder(auth: string, number: string, from: string) {
  const booked = await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', from).set('X-Auth-Token', auth).send({ number });
  // The phone's own unpaid premium order refuses the choice already (premium-order-at-choice.test.ts).
  if (booked.status === 429 && booked.body.error.code === 'premium_order_unpaid') return booked;
  expect(booked.status).toBe(201);
  return request(t.app)
    .post('/api/v1/orders')
    .set('X-Forwarded-For', from)
    .set('Authorization', `Bearer ${auth}`)
    .set('X-Reservation-Token', booked.body.reservationToken)
    .set('X-Language', 'en')
    .send(ESIM_ORDER);
}

const phone = (i: number) => `+99893${String(7000000 + i)}`;
const status = async (number: string) =>
  (
    await request(t.app)
      .get(`/api/v1/numbers/${encodeURIComponent(number)}`)
      .expect(200)
  ).body.status as string;

describe('unpaid premium orders', () => {
  it('let 35 phones with 3 orders each hold no more than 35 premium numbers', async () => {
    // The phones get their codes from one test address: the SMS limit per client is not what is tested here.
    t = createTestApi({ limits: { smsPhonesPerHour: 100 } });
    const numbers = await premiumNumbers(105);
    const statuses: number[] = [];
    for (let p = 0; p < 35; p += 1) {
      const auth = await registeredAuth(t.app, phone(p));
      for (let o = 0; o < 3; o += 1) statuses.push((await bookAndOrder(auth, numbers[p * 3 + o], visitorAddress(p))).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(35);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  }, 60_000);

  it('let one person identified on three phones have one unpaid premium order, and another once it is paid for or lapses', async () => {
    t = createTestApi();
    const numbers = await premiumNumbers(4);
    const auths = [];
    for (let p = 0; p < 3; p += 1) auths.push(await registeredAuth(t.app, phone(100 + p), 'AA7777777'));
    const first = await bookAndOrder(auths[0], numbers[0], visitorAddress(1));
    expect(first.status).toBe(201);
    const second = await bookAndOrder(auths[1], numbers[1], visitorAddress(2));
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({
      code: 'premium_order_unpaid',
      message: 'You already have an unpaid order for a premium number. Pay for it first, or try again in 30 min, when it is released.',
      retryAfterSeconds: 30 * 60,
    });
    // A free number is not premium: the same person may order one meanwhile.
    const free = (await request(t.app).get('/api/v1/numbers').query({ category: 'free', pageSize: 1 })).body.items[0].number;
    expect((await bookAndOrder(auths[2], free, visitorAddress(3))).status).toBe(201);
    t.clock.advance(30 * MINUTE + 1);
    expect((await bookAndOrder(auths[2], numbers[2], visitorAddress(3))).status).toBe(201);
  });

  it('free an ordered premium number when its 30-minute window passes unpaid, while a free number’s order keeps its own', async () => {
    t = createTestApi();
    const [priced] = await premiumNumbers(1);
    const auth = await registeredAuth(t.app, phone(200));
    const order = (await bookAndOrder(auth, priced, visitorAddress(1))).body.order;
    expect(order.paymentDeadline).toBe(new Date(t.clock.now() + 30 * MINUTE).toISOString());
    t.clock.advance(29 * MINUTE);
    expect(await status(priced)).toBe('reserved');
    t.clock.advance(MINUTE + 1);
    expect(await status(priced)).toBe('free');
    const read = await request(t.app).get(`/api/v1/orders/${order.id}`).set('Authorization', `Bearer ${auth}`).expect(200);
    expect(read.body.status).toBe('expired');
    // Someone else may book it now.
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(9)).send({ number: priced }).expect(201);
  });

  it('use PAYMENT_WINDOW_PREMIUM_MINUTES for the window', async () => {
    t = createTestApi({ paymentWindowPremiumMinutes: 45 });
    const [priced] = await premiumNumbers(1);
    const auth = await registeredAuth(t.app, phone(300));
    const order = (await bookAndOrder(auth, priced, visitorAddress(1))).body.order;
    expect(order.paymentDeadline).toBe(new Date(t.clock.now() + 45 * MINUTE).toISOString());
  });

  /** The winner of lot-006 orders its number ten minutes after the auction's end; answers the order, the end of the winner's turn and the lot's end. */
  async function winAndOrder(options: Parameters<typeof createTestApi>[0] = {}) {
    t = createTestApi(options);
    const winner = await registeredAuth(t.app, phone(400));
    const lot = (await request(t.app).get('/api/v1/auctions/lot-006').expect(200)).body;
    await request(t.app)
      .post('/api/v1/auctions/lot-006/bids')
      .set('Authorization', `Bearer ${winner}`)
      .send({ amount: lot.minimumBid })
      .expect(201);
    t.clock.ms = Date.parse(lot.endsAt) + 10 * MINUTE;
    const won = await request(t.app).post('/api/v1/auctions/lot-006/reservation').set('Authorization', `Bearer ${winner}`).expect(201);
    const ordered = await orderBooked(t.app, winner, won.body.reservationToken).expect(201);
    return { order: ordered.body.order, turnEnds: won.body.reservation.expiresAt as string, lotEnd: Date.parse(lot.endsAt) };
  }

  it('hold a number won at auction for the premium window too, never past the winner’s own turn', async () => {
    // The winner's turn is the premium window from the lot's end (30 minutes, not 12 hours); an
    // order placed 10 minutes in ends with the turn, not 30 minutes after it was placed.
    const won = await winAndOrder();
    expect(won.turnEnds).toBe(new Date(won.lotEnd + 30 * MINUTE).toISOString());
    expect(won.order.paymentDeadline).toBe(won.turnEnds);
    t.close();
    // PAYMENT_WINDOW_PREMIUM_MINUTES sets both.
    const longer = await winAndOrder({ paymentWindowPremiumMinutes: 60 });
    expect(longer.turnEnds).toBe(new Date(longer.lotEnd + 60 * MINUTE).toISOString());
    expect(longer.order.paymentDeadline).toBe(longer.turnEnds);
  });
});
