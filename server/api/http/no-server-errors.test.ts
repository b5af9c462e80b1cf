import request from 'supertest';
import { authToken, createTestApi, type TestApi } from '../test-support/test-api';

let t: TestApi;
let auth: string;
beforeAll(async () => {
  t = createTestApi();
  auth = await authToken(t.app);
});
afterAll(() => t.close());

const GARBAGE: unknown[] = [null, 0, -1, 1e308, 'x'.repeat(5000), true, [], {}, { a: { b: [1, { c: null }] } }, '☃', '\u0000'];
const POSTS = [
  '/reservations',
  '/auth/sms',
  '/auth/sms/verify',
  '/identification/remote',
  '/identification/manual',
  '/orders',
  '/auctions/lot-006/bids',
  '/auctions/lot-006/reservation',
  '/orders/x/payments',
];
const FIELDS = [
  'number',
  'phone',
  'code',
  'document',
  'birthDate',
  'pointOfSaleId',
  'date',
  'tariff',
  'simType',
  'email',
  'delivery',
  'amount',
  'provider',
  'returnPath',
];
const GETS = ['/news', '/numbers', '/points-of-sale', '/auctions', '/tariff-constructor/quote', '/auth/sms/challenge'];
const PARAMS = [
  'page',
  'pageSize',
  'category',
  'contains',
  'endsWith',
  'mask',
  'pattern',
  'sort',
  'includeUnavailable',
  'lat',
  'lon',
  'limit',
  'status',
  'internetGb',
  'minutes',
  'sms',
  'nightInternet',
  'dedicated',
  'city',
  'service',
  'phone',
];
const ODD_QUERY = ['', '-1', '1e9', 'NaN', '%', '[]', 'x'.repeat(300), '0x10', ' 1', '１'];

describe('no input makes the API fail', () => {
  it('answers every odd JSON body with a 4xx, never a 5xx', async () => {
    for (const path of POSTS) {
      for (const field of FIELDS) {
        for (const value of GARBAGE) {
          const res = await request(t.app)
            .post(`/api/v1${path}`)
            .set('Authorization', `Bearer ${auth}`)
            .send({ [field]: value });
          expect([path, field, res.status < 500]).toEqual([path, field, true]);
        }
      }
    }
  });

  it('answers every odd query value with a 2xx or 4xx, never a 5xx', async () => {
    for (const path of GETS) {
      for (const param of PARAMS) {
        for (const value of ODD_QUERY) {
          const res = await request(t.app)
            .get(`/api/v1${path}`)
            .query({ [param]: value });
          expect([path, param, value, res.status < 500]).toEqual([path, param, value, true]);
        }
      }
    }
  });

  it('answers odd path segments and headers with a 4xx', async () => {
    for (const segment of ['%E0%A4%A', '..%2F..', '%00', 'a'.repeat(2000), '+998', '\u2603']) {
      for (const base of ['/news/', '/numbers/', '/orders/', '/auctions/', '/points-of-sale/', '/tariffs/', '/sandbox/payments/']) {
        const res = await request(t.app)
          .get(`/api/v1${base}${encodeURI(segment).replace(/%25/g, '%')}`)
          .set('Authorization', `Bearer ${auth}`);
        expect([base, segment, res.status < 500]).toEqual([base, segment, true]);
      }
    }
    for (const header of ['Bearer', 'Bearer a.b', 'Basic xyz', 'Bearer ' + 'x'.repeat(3000), 'Bearer e30.e30.e30']) {
      const res = await request(t.app).get('/api/v1/reservations/current').set('Authorization', header);
      expect(res.status).toBeLessThan(500);
    }
  });
});
