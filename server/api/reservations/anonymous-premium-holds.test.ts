import request from 'supertest';
import { createTestApi, DEMO_CODE, requestSmsCode, type TestApi } from '../test-support/test-api';

/*
 * Without a confirmed phone, one address holds one gold or platinum number at a time, and one
 * network three: one address once held 20 gold numbers (the whole share bookings without a phone
 * may hold) and a second of its /24 all 9 such platinum ones, with nothing but plain form posts
 * (attack of 2026-11-28, F2). Past either, the API asks for the SMS step (403 phone_required).
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

async function numbersOf(category: string, count: number): Promise<string[]> {
  const res = await request(t.app).get('/api/v1/numbers').query({ category, pageSize: count }).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

function book(from: string, number: string, { auth, held }: { auth?: string; held?: string } = {}) {
  const req = request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', from).set('X-Language', 'en');
  if (auth) req.set('X-Auth-Token', auth);
  if (held) req.set('X-Reservation-Token', held);
  return req.send({ number });
}

describe('premium numbers without a confirmed phone', () => {
  it('one address holds one at a time; its second asks for the SMS step, in gold and platinum alike', async () => {
    const [gold1, gold2] = await numbersOf('gold', 2);
    const [platinum] = await numbersOf('platinum', 1);
    await book('198.51.100.7', gold1).expect(201);
    const second = await book('198.51.100.7', gold2).expect(403);
    expect(second.body.error.code).toBe('phone_required');
    // Its own reason, not the anonymous share's ("many numbers ... without a confirmed phone").
    expect(second.body.error.message).toMatch(/^Without a confirmed phone, one connection may hold only 1 gold or platinum number/);
    expect((await book('198.51.100.7', platinum).expect(403)).body.error.code).toBe('phone_required');
    // Numbers without a price are not limited by it.
    const [free] = await numbersOf('free', 1);
    await book('198.51.100.7', free).expect(201);
  });

  it('lets the visitor replace their own premium booking by another', async () => {
    const [gold1, gold2] = await numbersOf('gold', 2);
    const first = await book('198.51.100.8', gold1).expect(201);
    const replaced = await book('198.51.100.8', gold2, { held: first.body.reservationToken }).expect(201);
    expect(replaced.body.replaced).toBe(gold1);
  });

  it('one network (IPv4 /24) holds three at a time; another network still books', async () => {
    const golds = await numbersOf('gold', 5);
    for (let i = 0; i < 3; i += 1) await book(`198.51.100.${20 + i}`, golds[i]).expect(201);
    expect((await book('198.51.100.23', golds[3]).expect(403)).body.error.code).toBe('phone_required');
    await book('203.0.113.5', golds[3]).expect(201);
  });

  it('one IPv6 /48 holds three at a time, whatever /64s of it ask; another /48 still books', async () => {
    const golds = await numbersOf('gold', 5);
    for (let i = 0; i < 3; i += 1) await book(`2001:db8:77:${i + 1}::5`, golds[i]).expect(201);
    // Another /64 of the same /48 (a home line has 256 of them).
    expect((await book('2001:db8:77:ff::9', golds[3]).expect(403)).body.error.code).toBe('phone_required');
    await book('2001:db8:78:1::5', golds[3]).expect(201);
  });

  it('books once the phone is confirmed, under the phone’s own limit', async () => {
    const [gold1, gold2] = await numbersOf('gold', 2);
    const from = '198.51.100.40';
    await book(from, gold1).expect(201);
    const sent = await requestSmsCode(t.app, '+998941112233', { 'X-Forwarded-For': from });
    const verified = await request(t.app)
      .post('/api/v1/auth/sms/verify')
      .set('X-Forwarded-For', from)
      .send({ phone: '+998941112233', code: DEMO_CODE, challengeId: sent.body.challengeId })
      .expect(200);
    await book(from, gold2, { auth: verified.body.authToken }).expect(201);
  });
});
