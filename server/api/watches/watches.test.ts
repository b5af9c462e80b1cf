import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { INSERT_NUMBER, storedNumber } from '../numbers/number-columns';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, freeNumber, MINUTE, reserve, visitorAddress, type TestApi } from '../test-support/test-api';

const DAY = 24 * 60 * MINUTE;
const PHONE = '+998901234567';

let t: TestApi;
let auth: string;
// The tests free a number by booking it and letting it go, again and again from one client: the
// wait before booking a number again (reservations/rebook-wait.test.ts) is not what is tested here.
beforeEach(async () => {
  t = createTestApi({ watchTimer: false, limits: { rebookWaitMinutes: 0 } });
  auth = await authToken(t.app, PHONE);
});
afterEach(() => t.close());

const save = (body: object, token = auth, headers: Record<string, string> = {}) => {
  const req = request(t.app).post('/api/v1/watches').set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send(body);
};
const list = (token = auth) => request(t.app).get('/api/v1/watches').set('Authorization', `Bearer ${token}`);
/** The SMS the sandbox channel (the log) carried to a phone. */
const smsTo = (phone: string) => t.logs.filter((line) => line.startsWith(`SMS to ${phone}:`));

describe('number watches', () => {
  it('are saved, listed and removed by their own phone only, and end after 30 days', async () => {
    const saved = await save({ mask: 'XXX-YY-YY', category: 'gold' }).expect(201);
    expect(saved.body).toMatchObject({ mask: 'XXXYYYY', category: 'gold', contains: null, endsWith: null, date: null, lastSentAt: null });
    expect(Date.parse(saved.body.expiresAt) - Date.parse(saved.body.createdAt)).toBe(30 * DAY);
    const dated = await save({ date: '25.11.1990' }).expect(201);
    expect(dated.body.date).toBe('1990-11-25');
    expect((await list().expect(200)).body.items.map((w: { id: string }) => w.id)).toEqual([saved.body.id, dated.body.id]);

    const stranger = await authToken(t.app, '+998901112233');
    expect((await list(stranger).expect(200)).body.items).toEqual([]);
    const foreign = await request(t.app).delete(`/api/v1/watches/${saved.body.id}`).set('Authorization', `Bearer ${stranger}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('watch_not_found');
    await request(t.app).delete(`/api/v1/watches/${saved.body.id}`).set('Authorization', `Bearer ${auth}`).expect(204);
    expect((await list()).body.items.map((w: { id: string }) => w.id)).toEqual([dated.body.id]);

    t.clock.advance(30 * DAY);
    expect((await list(await authToken(t.app, PHONE))).body.items).toEqual([]);
    await request(t.app).post('/api/v1/watches').send({ endsWith: '77' }).expect(401);
  });

  it('sends one SMS with a link to the number when a matching booking lapses, and no second one within the day', async () => {
    const number = await freeNumber(t.app, 'bronze');
    await reserve(t.app, number);
    await save({ endsWith: number.slice(-7) }, auth, { 'X-Language': 'en' }).expect(201);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toEqual([]);

    t.clock.advance(16 * MINUTE);
    await t.api.matchWatches();
    const [sms] = smsTo(PHONE);
    expect(smsTo(PHONE)).toHaveLength(1);
    expect(sms).toContain(`http://localhost:3000/en/numbers?endsWith=${number.slice(-7)}`);
    expect(sms).toContain('#my-watches');
    expect(sms).toContain('is free now');
    expect((await list()).body.items[0].lastSentAt).toBe(new Date(t.clock.ms).toISOString());

    // Booked and let go again the same day: still one SMS.
    const held = await reserve(t.app, number);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toHaveLength(1);

    // A day later, the next release is news again.
    t.clock.advance(DAY);
    const again = await reserve(t.app, number);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', again).expect(204);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toHaveLength(2);
  });

  it('send a phone one SMS a day at most, however often it removes and saves its watches and whichever of them match', async () => {
    // Room for the saves below: the per-client limit on saving watches is not what is tested here.
    t.close();
    t = createTestApi({ watchTimer: false, limits: { watchesPerHour: 100, rebookWaitMinutes: 0 } });
    auth = await authToken(t.app, PHONE);
    const [number, other] = [await freeNumber(t.app, 'bronze', 3), await freeNumber(t.app, 'bronze', 4)];
    /** Books the number and lets it go at once: it comes free, and the watches look. */
    const free = async (msisdn: string) => {
      const held = await reserve(t.app, msisdn);
      await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
      await t.api.matchWatches();
    };
    const first = await save({ endsWith: number.slice(-7) }).expect(201);
    await free(number);
    expect(smsTo(PHONE)).toHaveLength(1);

    // Removed and saved again, ten times, with the number freed each time: no second SMS today.
    let watch = first.body.id as string;
    for (let i = 0; i < 10; i += 1) {
      await request(t.app).delete(`/api/v1/watches/${watch}`).set('Authorization', `Bearer ${auth}`).expect(204);
      watch = (await save({ endsWith: number.slice(-7) }).expect(201)).body.id;
      t.clock.advance(MINUTE);
      await free(number);
    }
    // Nor from the phone's other watches, matching another number or the same one.
    await save({ endsWith: other.slice(-7) }).expect(201);
    await save({ contains: number.slice(-5) }).expect(201);
    await free(other);
    await free(number);
    expect(smsTo(PHONE)).toHaveLength(1);
    const db = openDatabase(t.dataDir);
    expect(db.prepare('SELECT COUNT(*) FROM watch_alerts').pluck().get()).toBe(1);
    db.close();

    // A day after the first, the next freed number is news again: one SMS, whichever watch matched.
    t.clock.advance(DAY);
    await free(number);
    await free(other);
    expect(smsTo(PHONE)).toHaveLength(2);
  });

  it('writes the SMS in the language the watch was saved in', async () => {
    for (const [lang, phone] of [
      ['ru', '+998901000001'],
      ['uz', '+998901000002'],
    ] as const) {
      const token = await authToken(t.app, phone);
      const number = await freeNumber(t.app, 'bronze', lang === 'ru' ? 1 : 2);
      const held = await reserve(t.app, number);
      await save({ contains: number.slice(-6) }, token, { 'X-Language': lang }).expect(201);
      await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
      await t.api.matchWatches();
      const [sms] = smsTo(phone);
      expect(sms).toContain(lang === 'ru' ? 'сейчас свободен' : 'hozir boʻsh');
      expect(sms).toContain(lang === 'ru' ? 'http://localhost:3000/numbers?' : 'http://localhost:3000/uz/numbers?');
    }
  });

  it('tells of a number added to the catalogue, and never of one that is held or sold', async () => {
    await save({ endsWith: '9876543' }).expect(201);
    // Stored by another process writing the same store, as an operator's loader would.
    const db = openDatabase(t.dataDir);
    db.prepare(INSERT_NUMBER).get(storedNumber('+998339876543', 'free'));
    db.close();
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toHaveLength(1);
    expect(smsTo(PHONE)[0]).toContain('+998 33 987 65 43');

    // A number reserved by someone stays unmentioned: it is not free.
    const other = await freeNumber(t.app, 'bronze', 5);
    await save({ endsWith: other.slice(-7) }).expect(201);
    await reserve(t.app, other);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toHaveLength(1);
  });

  it('tells of the number of a lot that ended with no bid, back on sale', async () => {
    const lots = (await request(t.app).get('/api/v1/auctions?status=active').expect(200)).body.items as Array<{
      id: string;
      number: string;
      currentBid: number | null;
      endsAt: string;
    }>;
    const lot = lots.find((l) => l.currentBid === null)!;
    await save({ endsWith: lot.number.slice(-7) }).expect(201);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toEqual([]);
    t.clock.ms = Date.parse(lot.endsAt);
    await t.api.matchWatches();
    expect(smsTo(PHONE)).toHaveLength(1);
    const number = (
      await request(t.app)
        .get(`/api/v1/numbers/${encodeURIComponent(lot.number)}`)
        .expect(200)
    ).body;
    expect(number).toMatchObject({ status: 'free', available: true });
  });

  it('refuses a fourth watch of a phone, and an eleventh an hour from one client, with 429 in three languages', async () => {
    for (const endsWith of ['1', '2', '3']) await save({ endsWith }).expect(201);
    for (const lang of ['ru', 'en', 'uz'] as const) {
      const refused = await save({ endsWith: '4' }, auth, { 'X-Language': lang }).expect(429);
      expect(refused.body.error.code).toBe('too_many_watches');
      expect(refused.body.error.message).toBe(API_MESSAGES[lang].errors.tooManyWatches.replace('{{limit}}', '3'));
    }
    // Ten saves an hour per client, whichever phones: the per-client limit (with room for the SMS codes of eleven phones).
    t.close();
    t = createTestApi({ watchTimer: false, limits: { smsPhonesPerHour: 20 } });
    const client = { 'X-Forwarded-For': visitorAddress(7) };
    for (let i = 0; i < 10; i++) {
      const token = await authToken(t.app, `+99890200000${i}`);
      await save({ endsWith: '5' }, token, client).expect(201);
    }
    const token = await authToken(t.app, '+998902000010');
    const refused = await save({ endsWith: '5' }, token, { ...client, 'X-Language': 'en' }).expect(429);
    expect(refused.body.error.code).toBe('too_many_watch_requests');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses an invalid watch with a 400 naming the field', async () => {
    const cases: Array<[object, string, string | undefined]> = [
      [{ mask: 'XX' }, 'invalid_mask', 'mask'],
      [{ date: '31.02.1990' }, 'invalid_date', 'date'],
      [{ date: '01.01.3000' }, 'invalid_date', 'date'],
      [{ contains: '12a' }, 'invalid_field', 'contains'],
      [{ endsWith: '1234567890' }, 'invalid_field', 'endsWith'],
      [{ category: 'diamond' }, 'invalid_field', 'category'],
      [{ mask: 'XXX-YY-YY', endsWith: '77' }, 'watch_one_search', 'endsWith'],
      [{ colour: 'red' }, 'unknown_field', 'colour'],
      [{}, 'watch_empty', undefined],
    ];
    for (const [body, code, field] of cases) {
      const res = await save(body, auth, { 'X-Language': 'en' });
      expect({ body, status: res.status, code: res.body.error?.code, field: res.body.error?.field }).toEqual({
        body,
        status: 400,
        code,
        field,
      });
    }
  });
});
