import request from 'supertest';
import { authToken, createTestApi, freeNumber, neighbourAddress, type TestApi } from '../test-support/test-api';
import { expectRefused } from './limits-support';

/*
 * The booking and watch budgets count what was done: a refused request (an unknown number, one
 * taken, a mistyped mask) spends neither its client's nor its network's, only the client's own
 * budget of refusals (docs/attacks/2026-11-28-writes.md, F5: 180 bogus bookings once locked a /24, a carrier's NAT pool,
 * out of booking for an hour).
 */

let t: TestApi;
afterEach(() => t.close());

/** A well-formed number the catalogue does not have (the seeded ones are of +998 77 and +998 20 … with other digits). */
const unknownNumber = (i: number) => `+99820999${String(i).padStart(4, '0')}`;

function book(number: string, from: string, headers: Record<string, string> = {}) {
  return request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', from).set(headers).send({ number });
}

describe('refused requests', () => {
  it('spend none of a network’s booking budget: after 180 refused bookings from a /24, its neighbours and the senders book', async () => {
    t = createTestApi();
    const taken = await freeNumber(t.app, 'free', 0);
    await book(taken, neighbourAddress(9)).expect(201);
    for (let i = 0; i < 180; i += 1) {
      const refused = await book(i % 10 === 0 ? taken : unknownNumber(i), neighbourAddress(i % 3));
      expect([404, 409]).toContain(refused.status);
    }
    await book(await freeNumber(t.app, 'free', 1), neighbourAddress(200)).expect(201);
    await book(await freeNumber(t.app, 'free', 2), neighbourAddress(0)).expect(201);
  });

  it('are bounded per client: past the budget of refusals the client waits, its neighbours do not', async () => {
    t = createTestApi({ limits: { refusedPerHour: 5 } });
    for (let i = 0; i < 5; i += 1) await book(unknownNumber(i), neighbourAddress(0)).expect(404);
    const free = await freeNumber(t.app, 'free', 0);
    const refused = await book(free, neighbourAddress(0), { 'X-Language': 'en' });
    expectRefused(refused, 'too_many_refused_requests');
    expect(refused.body.error.message).toBe('Too many requests from your connection were refused. Please try again in 60 min.');
    expect((await book(free, neighbourAddress(0), { 'X-Language': 'ru' })).body.error.message).toBe(
      'С вашего подключения отклонено слишком много запросов. Повторите через 60 мин.',
    );
    expect((await book(free, neighbourAddress(0), { 'X-Language': 'uz' })).body.error.message).toBe(
      'Ulanishingizdan juda koʻp soʻrov rad etildi. 60 daqiqadan soʻng qayta urinib koʻring.',
    );
    await book(free, neighbourAddress(1)).expect(201);
  });

  it('still count bookings made against the client’s hourly budget', async () => {
    t = createTestApi({ limits: { reservationsPerHour: 2 } });
    await book(unknownNumber(0), neighbourAddress(0)).expect(404);
    await book(await freeNumber(t.app, 'free', 0), neighbourAddress(0)).expect(201);
    await book(await freeNumber(t.app, 'free', 1), neighbourAddress(0)).expect(201);
    expectRefused(await book(await freeNumber(t.app, 'free', 2), neighbourAddress(0)), 'too_many_reservations');
  });

  it('spend none of the watch budget: a visitor who mistyped masks still saves their watches', async () => {
    t = createTestApi({ limits: { watchesPerHour: 2 } });
    const auth = await authToken(t.app, '+998907770041');
    const save = (body: object) =>
      request(t.app).post('/api/v1/watches').set('X-Forwarded-For', neighbourAddress(0)).set('Authorization', `Bearer ${auth}`).send(body);
    for (const mask of ['XX', 'XXX-YY', 'XXXX']) {
      const refused = await save({ mask });
      expect([refused.status, refused.body.error?.code]).toEqual([400, 'invalid_mask']);
    }
    await save({ endsWith: '77' }).expect(201);
    await save({ endsWith: '88' }).expect(201);
    // The watches saved count as before.
    expectRefused(await save({ endsWith: '99' }), 'too_many_watch_requests');
  });
});
