import request from 'supertest';
import { authToken, bookFrom, createTestApi, freeNumbers, MINUTE, visitorAddress, type TestApi } from '../test-support/test-api';
import { expectRefused } from '../http/limits-support';

/*
 * Cancelling a booking and booking the same number again at once kept a number off sale for ever
 * (docs/attacks/2026-11-28-writes.md, F6): whoever let a booking of a number go waits LIMIT_REBOOK_WAIT_MINUTES before
 * booking that number again; everyone else may book it at once.
 */

let t: TestApi;
afterEach(() => t.close());

function cancel(token: string) {
  return request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', token).expect(204);
}

describe('booking a number again', () => {
  it('refuses the client that cancelled a booking the same number until the wait has passed, in its language', async () => {
    t = createTestApi();
    const [number] = await freeNumbers(t.app, 1);
    await cancel((await bookFrom(t.app, number, visitorAddress(1)).expect(201)).body.reservationToken);
    t.clock.advance(MINUTE);
    const again = await bookFrom(t.app, number, visitorAddress(1), { 'X-Language': 'en' });
    expectRefused(again, 'rebook_too_soon');
    expect(again.body.error.retryAfterSeconds).toBe(14 * 60);
    expect(again.body.error.message).toBe(
      'You let this number go a moment ago, so you can book it again in 14 min. Any other number can be booked now.',
    );
    const ru = await bookFrom(t.app, number, visitorAddress(1), { 'X-Language': 'ru' });
    expect(ru.body.error.message).toBe(
      'Вы только что отказались от этого номера, поэтому снова забронировать его сможете через 14 мин. Любой другой номер можно забронировать сейчас.',
    );
    const uz = await bookFrom(t.app, number, visitorAddress(1), { 'X-Language': 'uz' });
    expect(uz.body.error.message).toBe(
      'Siz bu raqamdan hozirgina voz kechdingiz, shuning uchun uni 14 daqiqadan soʻng qayta band qila olasiz. Boshqa istalgan raqamni hozir band qilish mumkin.',
    );
    // The number stays on sale meanwhile, and the wait ends on time.
    expect((await request(t.app).get(`/api/v1/numbers/${encodeURIComponent(number)}`)).body.available).toBe(true);
    t.clock.advance(14 * MINUTE);
    await bookFrom(t.app, number, visitorAddress(1)).expect(201);
  });

  it('lets another visitor book the cancelled number at once', async () => {
    t = createTestApi();
    const [number] = await freeNumbers(t.app, 1);
    await cancel((await bookFrom(t.app, number, visitorAddress(1)).expect(201)).body.reservationToken);
    await bookFrom(t.app, number, visitorAddress(2)).expect(201);
  });

  it('refuses the client a number whose booking lapsed, and one it swapped away and back', async () => {
    t = createTestApi();
    const [lapsed, first, second] = await freeNumbers(t.app, 3);
    await bookFrom(t.app, lapsed, visitorAddress(1)).expect(201);
    t.clock.advance(15 * MINUTE + 1);
    expectRefused(await bookFrom(t.app, lapsed, visitorAddress(1)), 'rebook_too_soon');
    const held = (await bookFrom(t.app, first, visitorAddress(1)).expect(201)).body.reservationToken as string;
    const swapped = (await bookFrom(t.app, second, visitorAddress(1), { 'X-Reservation-Token': held }).expect(201)).body
      .reservationToken as string;
    expectRefused(await bookFrom(t.app, first, visitorAddress(1), { 'X-Reservation-Token': swapped }), 'rebook_too_soon');
  });

  it('follows a confirmed phone to any address, and leaves other phones elsewhere and other addresses free to book', async () => {
    t = createTestApi();
    const [number] = await freeNumbers(t.app, 1);
    const auth = await authToken(t.app, '+998907770031');
    await cancel((await bookFrom(t.app, number, visitorAddress(1), { 'X-Auth-Token': auth }).expect(201)).body.reservationToken);
    expectRefused(await bookFrom(t.app, number, visitorAddress(2), { 'X-Auth-Token': auth }), 'rebook_too_soon');
    const other = await authToken(t.app, '+998907770032');
    await bookFrom(t.app, number, visitorAddress(3), { 'X-Auth-Token': other }).expect(201);
  });

  it('books again at once when LIMIT_REBOOK_WAIT_MINUTES is 0', async () => {
    t = createTestApi({ limits: { rebookWaitMinutes: 0 } });
    const [number] = await freeNumbers(t.app, 1);
    await cancel((await bookFrom(t.app, number, visitorAddress(1)).expect(201)).body.reservationToken);
    await bookFrom(t.app, number, visitorAddress(1)).expect(201);
  });
});
