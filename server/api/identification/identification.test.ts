import request from 'supertest';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';

let t: TestApi;
let auth: string;
beforeEach(async () => {
  t = createTestApi();
  auth = await authToken(t.app);
});
afterEach(() => t.close());

const remote = (body: object, lang = 'en') =>
  request(t.app).post('/api/v1/identification/remote').set('Authorization', `Bearer ${auth}`).set('X-Language', lang).send(body);

describe('remote identification', () => {
  it('verifies a seeded passport with its date of birth', async () => {
    const res = await remote({ document: 'aa 1234567', birthDate: '15.03.1990' }).expect(201);
    expect(res.body).toMatchObject({
      method: 'remote',
      status: 'verified',
      documentType: 'passport',
      document: 'AA*****67',
      reason: null,
      hint: null,
    });
  });

  it('verifies a PINFL whose embedded date agrees with the typed date', async () => {
    const res = await remote({ document: '31205962600129', birthDate: '12.05.1996' }).expect(201);
    expect(res.body).toMatchObject({ status: 'verified', documentType: 'pinfl' });
  });

  it('rejects a PINFL whose birth date does not match, with a hint of what to fix', async () => {
    const res = await remote({ document: '31205962600129', birthDate: '13.05.1996' }).expect(201);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'birth_date_mismatch' });
    expect(res.body.hint).toMatch(/date of birth/i);
  });

  it('rejects the passport flagged for a mirrored selfie, with the hint in the request language', async () => {
    const res = await remote({ document: 'AB7654321', birthDate: '20.07.1988' }, 'ru').expect(201);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'selfie_mirrored' });
    expect(res.body.hint).toContain('зеркальн');
  });

  it('answers pending for the slow check, then verified once its time has come', async () => {
    const res = await remote({ document: 'AE5555555', birthDate: '10.10.1992' }).expect(201);
    expect(res.body).toMatchObject({ status: 'pending', retryAfterSeconds: 120 });
    const current = () => request(t.app).get('/api/v1/identification/current').set('Authorization', `Bearer ${auth}`);
    expect((await current().expect(200)).body.status).toBe('pending');
    t.clock.advance(2 * MINUTE);
    expect((await current().expect(200)).body.status).toBe('verified');
  });

  it("answers the spec's exact date message for a badly typed date", async () => {
    const res = await remote({ document: 'AA1234567', birthDate: '1990-03-15' }).expect(400);
    expect(res.body.error).toEqual({
      code: 'date_format',
      field: 'birthDate',
      message: 'The date format is incorrect. Correct format: dd.mm.yyyy',
    });
  });

  it('validates the PINFL check digit and the document shape, naming the field', async () => {
    expect((await remote({ document: '31205962600128', birthDate: '12.05.1996' }).expect(400)).body.error).toMatchObject({
      code: 'pinfl_checksum',
      field: 'document',
    });
    expect((await remote({ document: 'AB12', birthDate: '12.05.1996' }).expect(400)).body.error).toMatchObject({
      code: 'passport_format',
      field: 'document',
    });
    expect((await remote({ birthDate: '12.05.1996' }).expect(400)).body.error).toMatchObject({ code: 'missing_field', field: 'document' });
    expect((await remote({ document: 'AA1234567', birthDate: '12.05.1996', selfie: 'x' }).expect(400)).body.error).toMatchObject({
      code: 'unknown_field',
      field: 'selfie',
    });
  });

  it('needs an auth token, not a reservation token', async () => {
    await request(t.app).post('/api/v1/identification/remote').send({ document: 'AA1234567', birthDate: '15.03.1990' }).expect(401);
    const number = (await request(t.app).get('/api/v1/numbers?pageSize=1')).body.items[0].number;
    const reservation = (await request(t.app).post('/api/v1/reservations').send({ number })).body.reservationToken;
    const res = await request(t.app)
      .post('/api/v1/identification/remote')
      .set('Authorization', `Bearer ${reservation}`)
      .send({ document: 'AA1234567', birthDate: '15.03.1990' })
      .expect(401);
    expect(res.body.error.code).toBe('auth_required');
  });

  it('keeps identifications apart per phone', async () => {
    await remote({ document: 'AA1234567', birthDate: '15.03.1990' }).expect(201);
    const other = await authToken(t.app, '+998911112233');
    await request(t.app).get('/api/v1/identification/current').set('Authorization', `Bearer ${other}`).expect(404);
  });
});

describe('manual identification', () => {
  const manual = (body: object) => request(t.app).post('/api/v1/identification/manual').set('Authorization', `Bearer ${auth}`).send(body);

  it('books an appointment at a point of sale on its next open day', async () => {
    const res = await manual({ pointOfSaleId: 'tashkent-1' }).expect(201);
    expect(res.body).toMatchObject({
      method: 'manual',
      status: 'appointment',
      appointment: { date: '2025-06-17', pointOfSale: { id: 'tashkent-1' } },
    });
    expect(res.body.appointment.code).toMatch(/^[0-9A-F]{6}$/);
  });

  it('takes a chosen date and refuses a closed day or a point without identification', async () => {
    expect((await manual({ pointOfSaleId: 'tashkent-1', date: '2025-06-20' }).expect(201)).body.appointment.date).toBe('2025-06-20');
    expect((await manual({ pointOfSaleId: 'tashkent-1', date: '2025-06-22' }).expect(400)).body.error).toMatchObject({
      code: 'point_closed',
      field: 'date',
    });
    expect((await manual({ pointOfSaleId: 'tashkent-1', date: '2025-02-30' }).expect(400)).body.error.field).toBe('date');
    expect((await manual({ pointOfSaleId: 'tashkent-7' }).expect(400)).body.error).toMatchObject({
      code: 'point_without_identification',
      field: 'pointOfSaleId',
    });
    expect((await manual({ pointOfSaleId: 'mars-1' }).expect(400)).body.error).toMatchObject({
      code: 'point_not_found',
      field: 'pointOfSaleId',
    });
  });
});
