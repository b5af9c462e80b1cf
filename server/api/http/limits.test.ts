import request from 'supertest';
import {
  authToken,
  createTestApi,
  ESIM_ORDER,
  freeNumber,
  MINUTE,
  registeredAuth,
  requestSmsCode,
  reserve,
  solvedSmsChallenge,
  visitorAddress,
  type TestApi,
} from '../test-support/test-api';
import { clientKey } from './limits';
import { expectRefused } from './limits-support';

let t: TestApi;
// The clientKey test starts no API; a closed one is closed again harmlessly.
afterEach(() => (t as TestApi | undefined)?.close());

async function freeNumbers(count: number): Promise<string[]> {
  const res = await request(t.app).get(`/api/v1/numbers?category=free&pageSize=${count}`).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

describe('clientKey', () => {
  it('counts an IPv4 client by its address and an IPv6 client by its /64 network', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('not an address')).toBe('unknown');
  });
});

describe('per-client limits', () => {
  it('refuse reservations past the hourly limit with 429, Retry-After and the message in the request language', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 3 } });
    const numbers = await freeNumbers(5);
    for (const number of numbers.slice(0, 3)) await reserve(t.app, number);
    for (const [lang, text] of [
      ['en', 'Too many bookings from your connection. Please try again in 60 min.'],
      ['ru', 'Слишком много бронирований с вашего подключения. Повторите через 60 мин.'],
      ['uz', 'Ulanishingizdan juda koʻp bron qilindi. 60 daqiqadan soʻng qayta urinib koʻring.'],
    ]) {
      const res = await request(t.app).post('/api/v1/reservations').set('X-Language', lang).send({ number: numbers[3] });
      expectRefused(res, 'too_many_reservations');
      expect(res.body.error.message).toBe(text);
    }
    // Another visitor is not held to the first one's count.
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(1)).send({ number: numbers[4] }).expect(201);
  });

  it('let one client hold no more numbers at once than the hold limit, replacing a booking still allowed', async () => {
    t = createTestApi({ limits: { holdsPerClient: 2 } });
    const numbers = await freeNumbers(5);
    await reserve(t.app, numbers[0]);
    const second = await reserve(t.app, numbers[1]);
    const refused = await request(t.app).post('/api/v1/reservations').set('X-Language', 'en').send({ number: numbers[2] });
    expectRefused(refused, 'too_many_holds');
    expect(refused.body.error.message).toBe(
      'You already hold as many numbers as allowed (2). Complete or cancel one of your bookings, or try again in 15 min.',
    );
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    // The number refused stays on sale.
    expect(
      (
        await request(t.app)
          .get(`/api/v1/numbers/${encodeURIComponent(numbers[2])}`)
          .expect(200)
      ).body.available,
    ).toBe(true);
    // A visitor swapping their booking for another number holds no more than before.
    await reserve(t.app, numbers[3], second);
    // Once the bookings lapse, the client may book again.
    t.clock.advance(15 * MINUTE + 1);
    await reserve(t.app, numbers[4]);
  });

  it('count numbers held by orders awaiting payment among the client holds', async () => {
    t = createTestApi({ limits: { holdsPerClient: 1 } });
    const auth = await registeredAuth(t.app);
    const reservation = await reserve(t.app, await freeNumber(t.app, 'bronze'));
    await request(t.app)
      .post('/api/v1/orders')
      .set('Authorization', `Bearer ${auth}`)
      .set('X-Reservation-Token', reservation)
      .send(ESIM_ORDER)
      .expect(201);
    expectRefused(
      await request(t.app)
        .post('/api/v1/reservations')
        .send({ number: await freeNumber(t.app, 'free') }),
      'too_many_holds',
    );
  });

  it('ask one client the top-level challenge for each new phone past the limit of phones an hour, exactly over any hour, never a refusal', async () => {
    t = createTestApi({ limits: { smsPhonesPerHour: 2 } });
    const level = async (phone: string, address?: string) =>
      (
        await request(t.app)
          .get('/api/v1/auth/sms/challenge')
          .set(address ? { 'X-Forwarded-For': address } : {})
          .query({ phone })
          .expect(200)
      ).body.parameters.data.level as number;
    const sms = async (phone: string) =>
      request(t.app)
        .post('/api/v1/auth/sms')
        .send({ phone, altcha: await solvedSmsChallenge(t.app, phone) });
    expect((await sms('+998901110001')).status).toBe(201);
    t.clock.advance(10 * MINUTE);
    expect((await sms('+998901110002')).status).toBe(201);
    // A third phone asks the top level (4) of this client, and is sent once it is solved.
    const cheap = await solvedSmsChallenge(t.app, '+998901110003', { 'X-Forwarded-For': visitorAddress(7) });
    expect(await level('+998901110003')).toBe(4);
    expect((await request(t.app).post('/api/v1/auth/sms').send({ phone: '+998901110003', altcha: cheap })).body.error.code).toBe(
      'sms_challenge_too_easy',
    );
    expect((await sms('+998901110003')).status).toBe(201);
    // A phone already counted asks level 0 again; another client is not affected.
    expect(await level('+998901110001')).toBe(0);
    expect(await level('+998901110004', visitorAddress(7))).toBe(0);
    // The first phone's code (at 0 min) leaves the hour at 60 min, the others (at 10 min) at 70 min.
    t.clock.advance(49 * MINUTE);
    expect(await level('+998901110004')).toBe(4);
    t.clock.advance(MINUTE);
    expect(await level('+998901110004')).toBe(4);
    t.clock.advance(10 * MINUTE);
    expect(await level('+998901110004')).toBe(0);
  });

  it('refuse a further order while a phone has as many orders awaiting payment as allowed', async () => {
    t = createTestApi({ limits: { ordersAwaitingPayment: 1 } });
    let auth = await registeredAuth(t.app);
    const order = (reservation: string) =>
      request(t.app)
        .post('/api/v1/orders')
        .set('Authorization', `Bearer ${auth}`)
        .set('X-Reservation-Token', reservation)
        .set('X-Language', 'en')
        .send(ESIM_ORDER);
    // Free numbers: their orders wait the whole payment window (a premium one has its own, shorter one).
    const numbers = await request(t.app).get('/api/v1/numbers?category=free&pageSize=2').expect(200);
    await order(await reserve(t.app, numbers.body.items[0].number)).expect(201);
    const refused = await order(await reserve(t.app, numbers.body.items[1].number));
    expectRefused(refused, 'too_many_orders');
    expect(Number(refused.headers['retry-after'])).toBe(720 * 60);
    expect(refused.body.error.message).toBe(
      'This phone already has as many orders awaiting payment as allowed (1). Pay for one of them or try again in 720 min.',
    );
    // When the first order's payment window is over, the phone may order again.
    t.clock.advance(720 * MINUTE + 1);
    auth = await authToken(t.app);
    await order(await reserve(t.app, numbers.body.items[1].number)).expect(201);
  });

  it('refuse bids of one phone past the limit per minute', async () => {
    t = createTestApi({ limits: { bidsPerMinute: 2 } });
    const token = await authToken(t.app);
    const lot = (await request(t.app).get('/api/v1/auctions/lot-006').expect(200)).body;
    const bid = (amount: number) =>
      request(t.app).post('/api/v1/auctions/lot-006/bids').set('Authorization', `Bearer ${token}`).set('X-Language', 'en').send({ amount });
    await bid(lot.minimumBid).expect(201);
    // The leader's own bid is refused by the auction's rules, and still counts as a bid of the phone.
    expect((await bid(lot.minimumBid + lot.step).expect(409)).body.error.code).toBe('bid_already_leading');
    const refused = await bid(lot.minimumBid + 2 * lot.step);
    expectRefused(refused, 'too_many_bids');
    expect(refused.body.error.message).toMatch(/^Too many bids in a row\. Please try again in \d+ s\.$/);
    // Another bidder is not held up.
    const other = await authToken(t.app, '+998935550000');
    await request(t.app)
      .post('/api/v1/auctions/lot-006/bids')
      .set('Authorization', `Bearer ${other}`)
      .send({ amount: lot.minimumBid + 2 * lot.step })
      .expect(201);
  });

  it('hold across two API processes sharing one store, as cluster workers do', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 2 } });
    const second = createTestApi({ limits: { reservationsPerHour: 2 } }, { dataDir: t.dataDir, clock: t.clock });
    try {
      const numbers = await freeNumbers(3);
      await reserve(t.app, numbers[0]);
      await reserve(second.app, numbers[1]);
      expectRefused(await request(t.app).post('/api/v1/reservations').send({ number: numbers[2] }), 'too_many_reservations');
      expectRefused(await request(second.app).post('/api/v1/reservations').send({ number: numbers[2] }), 'too_many_reservations');
    } finally {
      second.close();
    }
  });
});

describe('per-client limit defaults', () => {
  it('never let one client hold more than 20 numbers at once', async () => {
    t = createTestApi();
    const numbers = await freeNumbers(21);
    for (const number of numbers.slice(0, 20)) await reserve(t.app, number);
    expectRefused(await request(t.app).post('/api/v1/reservations').send({ number: numbers[20] }), 'too_many_holds');
  });

  it('ask one client the top-level challenge for an 11th different phone within an hour, and send it once solved', async () => {
    t = createTestApi();
    for (let i = 0; i < 10; i += 1) expect((await requestSmsCode(t.app, `+9989011100${String(i).padStart(2, '0')}`)).status).toBe(201);
    const challenge = await request(t.app).get('/api/v1/auth/sms/challenge').query({ phone: '+998901110099' }).expect(200);
    expect(challenge.body.parameters.data.level).toBe(4);
    expect((await requestSmsCode(t.app, '+998901110099')).status).toBe(201);
  });
});
