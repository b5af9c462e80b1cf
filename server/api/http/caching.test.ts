import request from 'supertest';
import { createTestApi, type TestApi } from '../test-support/test-api';

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

describe('cacheable answers of the API', () => {
  it.each(['/tariffs', '/tariffs/oq-smart', '/tariff-constructor', '/sim-types', '/points-of-sale', '/points-of-sale?city=tashkent'])(
    'mark the catalogue %s public for five minutes, per language',
    async (path) => {
      const res = await request(t.app).get(`/api/v1${path}`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.vary).toMatch(/Accept-Language/);
      expect(res.headers.vary).toMatch(/X-Language/);
    },
  );

  it('mark the category counts public for ten seconds only', async () => {
    expect((await request(t.app).get('/api/v1/numbers/categories').expect(200)).headers['cache-control']).toBe('public, max-age=10');
  });

  it.each(['/news', '/news?page=2', '/news/oq-day'])('mark the news %s public for a minute, per language', async (path) => {
    const res = await request(t.app).get(`/api/v1${path}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toMatch(/X-Language/);
  });

  it('keep a news item that does not exist out of every cache', async () => {
    expect((await request(t.app).get('/api/v1/news/no-such-item').expect(404)).headers['cache-control']).toBe('no-store');
  });

  it.each(['/numbers', '/numbers?category=gold', '/auctions'])('keep everything else, such as %s, out of every cache', async (path) => {
    expect((await request(t.app).get(`/api/v1${path}`).expect(200)).headers['cache-control']).toBe('no-store');
  });
});
