import request from 'supertest';
import { jwtDecode } from 'jwt-decode';
import { createTestApi, freeNumber, MINUTE, reserve, visitorAddress, type TestApi } from '../test-support/test-api';

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const RACE_ROUNDS = 25;
const RACERS = 8;

describe('reservation', () => {
  it('gives a reservation-token whose exp ends the booking after RESERVATION_MINUTES', async () => {
    const number = await freeNumber(t.app);
    const res = await request(t.app).post('/api/v1/reservations').send({ number }).expect(201);
    const claims = jwtDecode<{ exp: number; kind: string }>(res.body.reservationToken);
    expect(claims.kind).toBe('reservation');
    expect(claims.exp).toBe(Math.floor((t.clock.now() + 15 * MINUTE) / 1000));
    expect(res.body.reservation).toMatchObject({
      number,
      status: 'active',
      expiresAt: new Date(t.clock.now() + 15 * MINUTE).toISOString(),
    });
    expect(res.body.replaced).toBeNull();
  });

  it('names the booking by a public id, in its answer and in its token alike, that is not the token and differs per booking', async () => {
    const first = (
      await request(t.app)
        .post('/api/v1/reservations')
        .send({ number: await freeNumber(t.app, 'bronze', 0) })
        .expect(201)
    ).body;
    const second = (
      await request(t.app)
        .post('/api/v1/reservations')
        .send({ number: await freeNumber(t.app, 'bronze', 1) })
        .expect(201)
    ).body;
    expect(first.reservation.bookingId).toMatch(/^[\w-]{16}$/);
    expect(jwtDecode<{ bid: string }>(first.reservationToken).bid).toBe(first.reservation.bookingId);
    expect(second.reservation.bookingId).not.toBe(first.reservation.bookingId);
    const current = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', first.reservationToken).expect(200);
    expect(current.body.bookingId).toBe(first.reservation.bookingId);
  });

  it('accepts the number typed with spaces and dashes', async () => {
    const number = await freeNumber(t.app);
    const typed = `${number.slice(0, 4)} ${number.slice(4, 6)}-${number.slice(6)}`;
    const res = await request(t.app).post('/api/v1/reservations').send({ number: typed }).expect(201);
    expect(res.body.reservation.number).toBe(number);
  });

  it('shows a reserved number as unavailable to others', async () => {
    const number = await freeNumber(t.app);
    await reserve(t.app, number);
    const res = await request(t.app)
      .get(`/api/v1/numbers/${encodeURIComponent(number)}`)
      .expect(200);
    expect(res.body).toMatchObject({ status: 'reserved', available: false });
    await request(t.app).post('/api/v1/reservations').send({ number }).expect(409);
  });

  it('gives the number to exactly one of two simultaneous visitors', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const number = await freeNumber(t.app, 'free', round);
      const results = await Promise.all(
        // Eight visitors, each from their own address (one client alone would meet its limits).
        Array.from({ length: RACERS }, (_, racer) =>
          request(t.app)
            .post('/api/v1/reservations')
            .set('X-Forwarded-For', visitorAddress(round * RACERS + racer))
            .send({ number }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(RACERS - 1).fill(409)]);
      for (const loser of results.filter((r) => r.status === 409)) expect(loser.body.error.code).toBe('number_unavailable');
    }
  });

  it('returns the current reservation by token from either header', async () => {
    const number = await freeNumber(t.app);
    const token = await reserve(t.app, number);
    const viaHeader = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(200);
    const viaBearer = await request(t.app).get('/api/v1/reservations/current').set('Authorization', `Bearer ${token}`).expect(200);
    expect(viaHeader.body).toEqual(viaBearer.body);
    expect(viaHeader.body.number).toBe(number);
  });

  it('asks to select a number first when no reservation token is sent', async () => {
    const res = await request(t.app).get('/api/v1/reservations/current').set('X-Language', 'en').expect(400);
    expect(res.body.error).toEqual({ code: 'number_required', message: 'First you need to select a number', field: 'X-Reservation-Token' });
  });

  it('frees the number once the booking time has passed, and says the booking expired', async () => {
    const number = await freeNumber(t.app);
    const token = await reserve(t.app, number);
    t.clock.advance(15 * MINUTE);
    const res = await request(t.app)
      .get('/api/v1/reservations/current')
      .set('X-Reservation-Token', token)
      .set('X-Language', 'en')
      .expect(401);
    expect(res.body.error).toEqual({ code: 'reservation_expired', message: 'The booking time has expired. Please select it again.' });
    // Free again for another visitor (the one who let it lapse waits: rebook-wait.test.ts).
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(1)).send({ number }).expect(201);
  });

  it('keeps the number held one second before the end', async () => {
    const number = await freeNumber(t.app);
    await reserve(t.app, number);
    t.clock.advance(15 * MINUTE - 1000);
    await request(t.app).post('/api/v1/reservations').send({ number }).expect(409);
  });

  it('cancels a reservation and frees its number', async () => {
    const number = await freeNumber(t.app);
    const token = await reserve(t.app, number);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
    await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(404);
    await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(404);
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(1)).send({ number }).expect(201);
  });

  it('replaces the held number with another one, releasing the first', async () => {
    const first = await freeNumber(t.app, 'free', 0);
    const second = await freeNumber(t.app, 'free', 1);
    const token = await reserve(t.app, first);
    const res = await request(t.app).post('/api/v1/reservations').set('X-Reservation-Token', token).send({ number: second }).expect(201);
    expect(res.body.replaced).toBe(first);
    expect(res.body.reservation.number).toBe(second);
    await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(404);
    await request(t.app).post('/api/v1/reservations').set('X-Forwarded-For', visitorAddress(1)).send({ number: first }).expect(201);
  });

  it('keeps the first number when the replacement is taken by someone else', async () => {
    const first = await freeNumber(t.app, 'free', 0);
    const second = await freeNumber(t.app, 'free', 1);
    const token = await reserve(t.app, first);
    await reserve(t.app, second);
    await request(t.app).post('/api/v1/reservations').set('X-Reservation-Token', token).send({ number: second }).expect(409);
    const current = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(200);
    expect(current.body.number).toBe(first);
  });

  it('does not block a visitor with their own hold: reserving it again returns the same booking', async () => {
    const number = await freeNumber(t.app);
    const token = await reserve(t.app, number);
    const again = await request(t.app).post('/api/v1/reservations').set('Authorization', `Bearer ${token}`).send({ number }).expect(201);
    expect(again.body.reservation.expiresAt).toBe(new Date(t.clock.now() + 15 * MINUTE).toISOString());
    expect(again.body.replaced).toBeNull();
  });

  it('refuses sold numbers and auction numbers with 409', async () => {
    const sold = await request(t.app).get('/api/v1/numbers?includeUnavailable=true&pageSize=100').expect(200);
    const soldNumber = sold.body.items.find((n: { status: string }) => n.status === 'sold').number;
    expect((await request(t.app).post('/api/v1/reservations').send({ number: soldNumber }).expect(409)).body.error.code).toBe(
      'number_unavailable',
    );
    const lots = await request(t.app).get('/api/v1/auctions?status=active').expect(200);
    const res = await request(t.app).post('/api/v1/reservations').send({ number: lots.body.items[0].number }).expect(409);
    expect(res.body.error.code).toBe('number_on_auction');
  });

  it('answers 404 for a number the operator does not offer and 400 naming the field for a malformed one', async () => {
    expect((await request(t.app).post('/api/v1/reservations').send({ number: '+998901234567' }).expect(404)).body.error.code).toBe(
      'number_not_found',
    );
    const bad = await request(t.app).post('/api/v1/reservations').send({ number: '12345' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'phone_format', field: 'number' });
    const missing = await request(t.app).post('/api/v1/reservations').send({}).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'missing_field', field: 'number' });
    const unknown = await request(t.app).post('/api/v1/reservations').send({ number: '+998771234567', hold: true }).expect(400);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_field', field: 'hold' });
  });

  it('rejects a forged reservation token with 401', async () => {
    const number = await freeNumber(t.app);
    const token = await reserve(t.app, number);
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const res = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', forged).expect(401);
    expect(res.body.error.code).toBe('token_invalid');
  });
});
