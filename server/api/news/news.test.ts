import request from 'supertest';
import { createTestApi, type TestApi } from '../test-support/test-api';

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

describe('news', () => {
  it('lists the newest first with the total, in pages', async () => {
    const res = await request(t.app).get('/api/v1/news?pageSize=5').expect(200);
    expect(res.body.total).toBeGreaterThanOrEqual(12);
    expect(res.body.items).toHaveLength(5);
    const dates = res.body.items.map((n: { publishedAt: string }) => n.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.items[0].image).toEqual({ url: `/images/news/${res.body.items[0].slug}.svg`, width: 1200, height: 630 });
    expect(res.body.items[0].body).toBeUndefined();
    const last = await request(t.app).get('/api/v1/news?pageSize=5&page=3').expect(200);
    expect(last.body.items.length).toBe(res.body.total - 10);
  });

  it('gives one item by slug with its body in the request language', async () => {
    const en = await request(t.app).get('/api/v1/news/oq-launches').set('X-Language', 'en').expect(200);
    expect(en.body).toMatchObject({ slug: 'oq-launches', title: 'Oq launches in Uzbekistan', publishedAt: '2025-01-20' });
    expect(en.body.body.split('\n\n').length).toBeGreaterThan(1);
    const ru = await request(t.app).get('/api/v1/news/oq-launches').expect(200);
    expect(ru.body.title).toBe('Oq запускается в Узбекистане');
  });

  it('answers 404 for an unknown slug and 400 for a bad page', async () => {
    expect((await request(t.app).get('/api/v1/news/no-such').expect(404)).body.error.code).toBe('news_not_found');
    expect((await request(t.app).get('/api/v1/news?page=x').expect(400)).body.error.field).toBe('page');
  });
});
