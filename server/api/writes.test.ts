import request from 'supertest';
import { authToken, createTestApi, placeOrder, type TestApi } from './test-support/test-api';

/**
 * The checks every write's route makes from its declaration (shared/writes/, server/api/writes.ts),
 * in their one order: query, tokens, path parameter, the handler's own check before the body, body,
 * limit. A request at fault in two ways is answered for the first.
 */
let t: TestApi;
let auth: string;
let order: { id: string; accessToken: string };

beforeAll(async () => {
  t = createTestApi({ limits: { watchesPerHour: 2 } });
  auth = await authToken(t.app, '+998901112233');
  const placed = await placeOrder(t.app, '+998901112244');
  order = { id: placed.order.id, accessToken: placed.accessToken };
});
afterAll(() => t.close());

const api = () => request(t.app);
const errorOf = (res: request.Response) => ({ status: res.status, code: res.body.error?.code, field: res.body.error?.field });

describe('the route of a declared write', () => {
  it('checks its query before its tokens', async () => {
    expect(errorOf(await api().get(`/api/v1/orders/${order.id}?extra=1`))).toEqual({ status: 400, code: 'unknown_field', field: 'extra' });
  });

  it('checks its tokens before its body', async () => {
    expect(errorOf(await api().post('/api/v1/watches').send({ mask: 1 }))).toEqual({
      status: 401,
      code: 'auth_required',
      field: undefined,
    });
  });

  it('names the header of a missing booking, before the phone the order needs', async () => {
    expect(errorOf(await api().post('/api/v1/orders').send({}))).toEqual({
      status: 400,
      code: 'number_required',
      field: 'X-Reservation-Token',
    });
  });

  it('checks its path parameter before its body', async () => {
    const res = await api()
      .delete(`/api/v1/watches/${'x'.repeat(65)}`)
      .set('Authorization', `Bearer ${auth}`);
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_field', field: 'id' });
  });

  it('answers an unknown or foreign order before reading the body of its payment', async () => {
    const unknown = await api()
      .post('/api/v1/orders/no-such-order/payments')
      .set('Authorization', `Bearer ${auth}`)
      .send({ provider: 'x' });
    expect(errorOf(unknown)).toEqual({ status: 404, code: 'order_not_found', field: undefined });
    const foreign = await api().post(`/api/v1/orders/${order.id}/payments`).set('Authorization', `Bearer ${auth}`).send({ provider: 'x' });
    expect(errorOf(foreign)).toEqual({ status: 403, code: 'order_forbidden', field: undefined });
    const own = await api()
      .post(`/api/v1/orders/${order.id}/payments`)
      .set('Authorization', `Bearer ${order.accessToken}`)
      .send({ provider: 'x' });
    expect(errorOf(own)).toEqual({ status: 400, code: 'invalid_field', field: 'provider' });
  });

  it('refuses a field in the body of a POST that takes none', async () => {
    const lots = (await api().get('/api/v1/auctions')).body.items as Array<{ id: string }>;
    const res = await api().post(`/api/v1/auctions/${lots[0].id}/stream-token`).set('Authorization', `Bearer ${auth}`).send({ extra: 1 });
    expect(errorOf(res)).toEqual({ status: 400, code: 'unknown_field', field: 'extra' });
  });

  it('refuses a return path off the site with its schema, naming the field', async () => {
    const res = await api()
      .post(`/api/v1/orders/${order.id}/payments`)
      .set('Authorization', `Bearer ${order.accessToken}`)
      .send({ provider: 'payme', returnPath: '/ru\tx' });
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_field', field: 'returnPath' });
  });

  it('counts its limit only once the input is checked', async () => {
    const save = (body: object) => api().post('/api/v1/watches').set('Authorization', `Bearer ${auth}`).send(body);
    for (let i = 0; i < 3; i += 1) expect(errorOf(await save({ extra: i })).code).toBe('unknown_field');
    expect((await save({ category: 'gold' })).status).toBe(201);
    expect((await save({ category: 'silver' })).status).toBe(201);
    expect(errorOf(await save({ category: 'bronze' }))).toEqual({ status: 429, code: 'too_many_watch_requests', field: undefined });
  });
});
