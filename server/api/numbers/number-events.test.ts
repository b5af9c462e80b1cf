import { decodeJwt } from 'jose';
import request from 'supertest';
import { createNumberChangeLog } from './number-changes';
import { openDatabase } from '../store/database';
import { listen, openStream } from '../test-support/event-stream';
import { createTestApi, freeNumber, MINUTE, payAndApprove, placeOrder, reserve, type TestApi } from '../test-support/test-api';

let t: TestApi;
let server: Awaited<ReturnType<typeof listen>>;
beforeEach(async () => {
  t = createTestApi();
  server = await listen(t.app);
});
afterEach(async () => {
  await server.close();
  t.close();
});

const streamOf = (numbers: string[], headers: Record<string, string> = {}) =>
  openStream(`${server.origin}/api/v1/numbers/events?numbers=${encodeURIComponent(numbers.join(','))}`, headers);
const data = (message: { data: string }) => JSON.parse(message.data);
/** The public booking id a booking's token carries: the stream names the holder by it. */
const bookingOf = (token: string) => decodeJwt(token).bid as string;
const freeNumbers = async (count: number) =>
  ((await request(t.app).get(`/api/v1/numbers?category=bronze&pageSize=${count}`).expect(200)).body.items as { number: string }[]).map(
    (n) => n.number,
  );

describe('the live availability stream', () => {
  it('sends the numbers’ present statuses, then each reservation and release of one of them, with growing ids', async () => {
    const [first, second, other] = await freeNumbers(3);
    const held = await reserve(t.app, second);
    const stream = await streamOf([first, second, '+998000000001']);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    // A number that does not exist is left out; the one reserved before the stream opened shows as such.
    expect(data(snapshot).items).toEqual([
      { number: first, status: 'free', bookingId: null },
      { number: second, status: 'reserved', bookingId: bookingOf(held) },
    ]);

    await reserve(t.app, other);
    const firstHeld = await reserve(t.app, first);
    const taken = await stream.next();
    expect(taken.event).toBe('status');
    // The holder is named by its public booking id, the one its own token carries, and by nothing else.
    expect(data(taken)).toEqual({ number: first, status: 'reserved', bookingId: bookingOf(firstHeld) });
    expect(bookingOf(firstHeld)).not.toBe(bookingOf(held));
    expect(stream.raw()).not.toContain(firstHeld);
    expect(Number(taken.id)).toBeGreaterThan(Number(snapshot.id));

    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
    const freed = await stream.next();
    expect(data(freed)).toEqual({ number: second, status: 'free', bookingId: null });
    expect(Number(freed.id)).toBeGreaterThan(Number(taken.id));
    // The number the stream does not show never reached it.
    expect(stream.raw()).not.toContain(other);
    stream.close();
  });

  it('sends a number free again when its booking lapses by the clock alone, once', async () => {
    const [number] = await freeNumbers(1);
    const held = await reserve(t.app, number);
    const stream = await streamOf([number]);
    expect(data(await stream.next('snapshot')).items).toEqual([{ number, status: 'reserved', bookingId: bookingOf(held) }]);
    t.clock.ms += 16 * MINUTE;
    const lapsed = await stream.next();
    expect(data(lapsed)).toEqual({ number, status: 'free', bookingId: null });
    // The lapse is logged once however often the feed looks: a second stream resuming before it gets it once.
    const resumed = await streamOf([number], { 'Last-Event-ID': String(Number(lapsed.id) - 1) });
    expect(data(await resumed.next())).toEqual({ number, status: 'free', bookingId: null });
    // Booked again by another visitor (the one who let it lapse waits: reservations/rebook-wait.test.ts).
    const again = (await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', '10.9.9.9').send({ number }).expect(201)).body
      .reservationToken as string;
    expect(data(await resumed.next())).toEqual({ number, status: 'reserved', bookingId: bookingOf(again) });
    expect(resumed.events.filter((e) => e.event === 'status')).toHaveLength(2);
    stream.close();
    resumed.close();
  });

  it('sends a number ordered and then sold as reserved and then sold', async () => {
    const number = await freeNumber(t.app, 'bronze');
    const stream = await streamOf([number]);
    await stream.next('snapshot');
    const { order, accessToken, reservation } = await placeOrder(t.app);
    expect(order.number).toBe(number);
    // Booked, then ordered: held by the same booking all along, so the page that booked it knows it as its own.
    expect(data(await stream.next())).toEqual({ number, status: 'reserved', bookingId: bookingOf(reservation) });
    await payAndApprove(t.app, order.id, accessToken);
    let last = data(await stream.next());
    while (last.status === 'reserved') {
      expect(last.bookingId).toBe(bookingOf(reservation));
      last = data(await stream.next());
    }
    expect(last).toEqual({ number, status: 'sold', bookingId: null });
    stream.close();
  });

  it('resumes after Last-Event-ID with each number changed meanwhile once, at its present status, and no snapshot', async () => {
    const [a, b, c] = await freeNumbers(3);
    const stream = await streamOf([a, b, c]);
    const snapshot = await stream.next('snapshot');
    stream.close();
    await reserve(t.app, b);
    const heldA = await reserve(t.app, a);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', heldA).expect(204);
    await reserve(t.app, c);

    const resumed = await streamOf([a, b], { 'Last-Event-ID': snapshot.id! });
    const first = await resumed.next();
    const second = await resumed.next();
    expect([first.event, second.event]).toEqual(['status', 'status']);
    // In the order of their latest changes: b once, reserved; a, taken and released, once, free; c is not this stream's.
    expect([data(first), data(second)]).toEqual([
      { number: b, status: 'reserved', bookingId: expect.any(String) },
      { number: a, status: 'free', bookingId: null },
    ]);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(resumed.raw()).not.toContain('snapshot');

    // An id beyond the log (another store's) starts afresh with a snapshot.
    const stranger = await streamOf([a], { 'Last-Event-ID': '999999999' });
    expect((await stranger.next()).event).toBe('snapshot');
    resumed.close();
    stranger.close();
  });

  it('refuses a bad list with a 400 naming `numbers`, in the request’s language, before any event', async () => {
    for (const numbers of [
      '',
      '998771234567',
      '+998771234567,junk',
      Array.from({ length: 201 }, (_, i) => `+9987710${String(i).padStart(5, '0')}`).join(','),
    ]) {
      const res = await request(t.app).get('/api/v1/numbers/events').query({ numbers }).set('X-Language', 'en');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error.field).toBe('numbers');
    }
    const missing = await request(t.app).get('/api/v1/numbers/events').set('X-Language', 'uz');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'missing_field', field: 'numbers' });
  });

  it('counts against the same per-client stream limit as the auction streams', async () => {
    await server.close();
    t.close();
    t = createTestApi({ limits: { streamsPerClient: 1 } });
    server = await listen(t.app);
    const [number] = await freeNumbers(1);
    const me = { 'X-Forwarded-For': '198.51.100.7' };
    const held = await openStream(`${server.origin}/api/v1/auctions/events`, me);
    expect(held.status).toBe(200);
    const refused = await streamOf([number], { ...me, 'X-Language': 'ru' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'too_many_streams', retryAfterSeconds: 30 });
    held.close();
  });
});

describe('the log of number changes', () => {
  it('keeps the latest changes, never one the watches have yet to match, and a resume from before it starts afresh', async () => {
    // The watches look only when told here: their own look would move the cursor this test sets.
    await server.close();
    t.close();
    t = createTestApi({ watchTimer: false });
    server = await listen(t.app);
    const db = openDatabase(t.dataDir);
    try {
      const log = createNumberChangeLog(db, t.clock.now, 5);
      const numbers = await freeNumbers(16);
      // The watches have matched nothing after the eighth change.
      for (const number of numbers.slice(0, 8)) await reserve(t.app, number);
      db.prepare('UPDATE watch_cursor SET change_id = ?').run(log.bounds().oldest + 7);
      for (const number of numbers.slice(8)) await reserve(t.app, number);
      const before = log.bounds();
      log.logLapses();
      const after = log.bounds();
      expect(after.latest).toBe(before.latest);
      expect(after.oldest).toBe(before.oldest + 8);
      db.prepare('UPDATE watch_cursor SET change_id = ?').run(after.latest);
      log.logLapses();
      expect(log.bounds().oldest).toBe(after.latest - 4);

      const stale = await streamOf([numbers[0]], { 'Last-Event-ID': String(before.oldest) });
      expect((await stale.next()).event).toBe('snapshot');
      stale.close();
    } finally {
      db.close();
    }
  });
});
