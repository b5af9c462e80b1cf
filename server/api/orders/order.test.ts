import request from 'supertest';
import { jwtDecode } from 'jwt-decode';
import {
  authToken,
  createTestApi,
  ESIM_ORDER,
  freeNumber,
  MINUTE,
  placeOrder,
  registeredAuth,
  reserve,
  type TestApi,
} from '../test-support/test-api';

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const HOUR = 60 * MINUTE;
const order = (headers: Record<string, string>, body: object = ESIM_ORDER) => {
  const req = request(t.app).post('/api/v1/orders').set('X-Language', 'en');
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req.send(body);
};

describe('order creation', () => {
  it('asks to select a number first without a reservation token', async () => {
    const auth = await registeredAuth(t.app);
    const res = await order({ Authorization: `Bearer ${auth}` }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'number_required', message: 'First you need to select a number' });
  });

  it('asks to register first without an auth token or without identification', async () => {
    const reservation = await reserve(t.app, await freeNumber(t.app));
    const none = await order({ 'X-Reservation-Token': reservation }).expect(403);
    expect(none.body.error).toMatchObject({ code: 'registration_required', message: 'First you need to register' });
    const unidentified = await authToken(t.app);
    await order({ 'X-Reservation-Token': reservation, Authorization: `Bearer ${unidentified}` }).expect(403);
    await request(t.app)
      .post('/api/v1/identification/remote')
      .set('Authorization', `Bearer ${unidentified}`)
      .send({ document: 'AB7654321', birthDate: '20.07.1988' })
      .expect(201);
    expect((await order({ 'X-Reservation-Token': reservation, Authorization: `Bearer ${unidentified}` }).expect(403)).body.error.code).toBe(
      'registration_required',
    );
  });

  // placeOrder sends no language: Russian, the default, names the tariff. Its number has a price: the premium window.
  it('creates an eSIM order with a ready tariff, holding the number for the payment window', async () => {
    const { order: created, accessToken } = await placeOrder(t.app);
    expect(created).toMatchObject({ status: 'created', simType: 'esim', email: 'aziza@mail.uz', numberPrice: 80_000, simPrice: 0 });
    expect(created.tariff).toMatchObject({
      type: 'ready',
      id: 'oq-smart',
      name: 'Oq Смарт',
      monthlyPrice: 49_000,
      firstMonthsPrice: 24_500,
    });
    expect(created.total).toBe(80_000 + 24_500);
    expect(created.paymentDeadline).toBe(new Date(t.clock.now() + 30 * MINUTE).toISOString());
    expect(jwtDecode<{ kind: string; sub: string }>(accessToken)).toMatchObject({ kind: 'order', sub: created.id });
    // After the 15-minute booking, the number is still held while the payment may come.
    t.clock.advance(29 * MINUTE);
    expect(
      (
        await request(t.app)
          .get(`/api/v1/numbers/${encodeURIComponent(created.number)}`)
          .expect(200)
      ).body.status,
    ).toBe('reserved');
    await request(t.app).post('/api/v1/reservations').send({ number: created.number }).expect(409);
  });

  it('holds a free number for the whole payment window', async () => {
    const auth = await registeredAuth(t.app);
    const reservation = await reserve(t.app, await freeNumber(t.app));
    const created = (await order({ Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation }).expect(201)).body.order;
    expect(created.numberPrice).toBe(0);
    expect(created.paymentDeadline).toBe(new Date(t.clock.now() + 12 * HOUR).toISOString());
    t.clock.advance(11 * HOUR);
    expect(
      (
        await request(t.app)
          .get(`/api/v1/numbers/${encodeURIComponent(created.number)}`)
          .expect(200)
      ).body.status,
    ).toBe('reserved');
  });

  it('prices a constructor tariff with the shared function and needs a delivery for a physical SIM', async () => {
    const auth = await registeredAuth(t.app);
    const reservation = await reserve(t.app, await freeNumber(t.app));
    const tokens = { Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation };
    const tariff = { type: 'constructor', internetGb: 20, minutes: 500, sms: 100 };
    expect((await order(tokens, { tariff, simType: 'physical' }).expect(400)).body.error).toMatchObject({
      code: 'missing_field',
      field: 'delivery',
    });
    expect((await order(tokens, { tariff: { ...tariff, sms: 7 }, simType: 'esim', email: 'a@b.uz' }).expect(400)).body.error).toMatchObject(
      { code: 'not_a_step', field: 'tariff.sms' },
    );
    const res = await order(tokens, {
      tariff,
      simType: 'physical',
      delivery: { method: 'courier', address: 'Tashkent, Chilonzor 9, 14' },
    }).expect(201);
    expect(res.body.order.tariff).toMatchObject({
      type: 'constructor',
      name: 'My tariff (constructor)',
      monthlyPrice: 9_000 + 34_000 + 13_000 + 2_000,
      firstMonthsPrice: 29_000,
    });
    expect(res.body.order.total).toBe(0 + 10_000 + 29_000);
  });

  it('names the field of each bad input', async () => {
    const auth = await registeredAuth(t.app);
    const reservation = await reserve(t.app, await freeNumber(t.app));
    const tokens = { Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation };
    const cases: Array<[object, string, string]> = [
      [{ ...ESIM_ORDER, email: undefined }, 'missing_field', 'email'],
      [{ ...ESIM_ORDER, email: 'not-an-email' }, 'email_format', 'email'],
      [{ ...ESIM_ORDER, simType: 'nano' }, 'invalid_field', 'simType'],
      [{ ...ESIM_ORDER, tariff: { type: 'ready', id: 'oq-none' } }, 'tariff_not_found', 'tariff.id'],
      [{ ...ESIM_ORDER, tariff: { type: 'ready', id: 'oq-smart', price: 1 } }, 'unknown_field', 'tariff.price'],
      [{ ...ESIM_ORDER, tariff: 'oq-smart' }, 'invalid_field', 'tariff'],
      [{ ...ESIM_ORDER, coupon: 'FREE' }, 'unknown_field', 'coupon'],
      [
        { tariff: ESIM_ORDER.tariff, simType: 'physical', delivery: { method: 'pickup', pointOfSaleId: 'mars-1' } },
        'point_not_found',
        'delivery.pointOfSaleId',
      ],
      [{ tariff: ESIM_ORDER.tariff, simType: 'physical', delivery: { method: 'drone' } }, 'invalid_field', 'delivery.method'],
    ];
    for (const [body, code, field] of cases) {
      expect((await order(tokens, body).expect(400)).body.error).toMatchObject({ code, field });
    }
  });

  it('creates one order per reservation', async () => {
    const auth = await registeredAuth(t.app);
    const reservation = await reserve(t.app, await freeNumber(t.app));
    const tokens = { Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation };
    await order(tokens).expect(201);
    expect((await order(tokens).expect(409)).body.error.code).toBe('reservation_has_order');
  });

  it('accepts manual identification (an appointment) as registration', async () => {
    const auth = await authToken(t.app);
    await request(t.app)
      .post('/api/v1/identification/manual')
      .set('Authorization', `Bearer ${auth}`)
      .send({ pointOfSaleId: 'samarkand-1' })
      .expect(201);
    const reservation = await reserve(t.app, await freeNumber(t.app));
    await order({ Authorization: `Bearer ${auth}`, 'X-Reservation-Token': reservation }).expect(201);
  });
});

describe('order access', () => {
  it('grants the order to its own token and its phone, and nothing to another order or phone', async () => {
    const first = await placeOrder(t.app, '+998901234567');
    const second = await placeOrder(t.app, '+998911234567');
    const get = (id: string, token: string) => request(t.app).get(`/api/v1/orders/${id}`).set('Authorization', `Bearer ${token}`);
    await get(first.order.id, first.accessToken).expect(200);
    await get(first.order.id, first.auth).expect(200);
    expect((await get(first.order.id, second.accessToken).expect(403)).body.error.code).toBe('order_forbidden');
    await get(first.order.id, second.auth).expect(403);
    await get(first.order.id, first.reservation).expect(401);
    await request(t.app).get(`/api/v1/orders/${first.order.id}`).expect(401);
  });
});
