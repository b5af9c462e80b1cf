import request from 'supertest';
import { CONSTRUCTOR_PRICE_LIST, quoteTariff } from '../../../shared/tariff-pricing';
import { createTestApi, type TestApi } from '../test-support/test-api';

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

describe('ready tariffs', () => {
  it('lists at least five with every allowance and the first-two-months price, in the request language', async () => {
    const res = await request(t.app).get('/api/v1/tariffs').set('X-Language', 'uz').expect(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(5);
    const max = res.body.items.find((x: { id: string }) => x.id === 'oq-max');
    expect(max).toMatchObject({
      name: 'Oq Max',
      monthlyPrice: 119_000,
      firstMonthsPrice: 59_500,
      discountPercent: 50,
      minutes: null,
      nightInternetGb: 50,
    });
    expect(max.dedicated.label).toContain('TAS-IX');
    expect(max.description).toContain('cheksiz');
  });

  it('answers one tariff by id, and 404 for another', async () => {
    await request(t.app).get('/api/v1/tariffs/oq-start').expect(200);
    expect((await request(t.app).get('/api/v1/tariffs/oq-free').expect(404)).body.error.code).toBe('tariff_not_found');
  });
});

describe('tariff constructor', () => {
  it('offers the steps and add-ons of the shared price list', async () => {
    const res = await request(t.app).get('/api/v1/tariff-constructor').expect(200);
    expect(res.body.internetGb).toEqual(CONSTRUCTOR_PRICE_LIST.internetGb);
    expect(res.body.nightInternet).toMatchObject({ gb: 50, price: CONSTRUCTOR_PRICE_LIST.nightInternet.price });
    expect(res.body.discountPercent).toBe(50);
  });

  it('quotes the same prices as the shared function the page uses', async () => {
    const selection = { internetGb: 50, minutes: 700, sms: 500, nightInternet: true, dedicated: true };
    const res = await request(t.app).get('/api/v1/tariff-constructor/quote').query(selection).expect(200);
    const local = quoteTariff(selection);
    expect(local.ok && res.body).toEqual(local.ok && local.quote);
    expect(res.body.monthlyPrice).toBe(9_000 + 62_000 + 17_000 + 5_000 + 9_000 + 7_000);
    expect(res.body.firstMonthsPrice).toBe(54_500);
  });

  it('names the field whose value is not a step', async () => {
    const res = await request(t.app).get('/api/v1/tariff-constructor/quote?internetGb=20&minutes=450').set('X-Language', 'en').expect(400);
    expect(res.body.error).toMatchObject({ code: 'not_a_step', field: 'minutes' });
    expect(res.body.error.message).toContain('minutes');
    expect((await request(t.app).get('/api/v1/tariff-constructor/quote?nightInternet=yes').expect(400)).body.error.field).toBe(
      'nightInternet',
    );
  });
});

describe('SIM types', () => {
  it('says what each needs: an e-mail for the eSIM, a delivery for the SIM card', async () => {
    const res = await request(t.app).get('/api/v1/sim-types').set('X-Language', 'en').expect(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: 'esim', requires: ['email'], price: 0 }),
      expect.objectContaining({ id: 'physical', requires: ['delivery'], name: 'SIM card' }),
    ]);
  });
});
