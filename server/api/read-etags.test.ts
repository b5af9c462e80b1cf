import request from 'supertest';
import { openDatabase } from './store/database';
import { createTestApi, type TestApi } from './test-support/test-api';

/** The public reads name the version of their data in an ETag: a client that has it gets a 304, a change a new tag. */

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

describe('ETags of the public reads', () => {
  it('answer 304 while the data stands and a new tag once it changes, per language', async () => {
    const first = await request(t.app).get('/api/v1/news').set('Accept-Language', 'en').expect(200);
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"/);
    await request(t.app).get('/api/v1/news').set('Accept-Language', 'en').set('If-None-Match', tag).expect(304);
    // Another language is another answer.
    const uz = await request(t.app).get('/api/v1/news').set('Accept-Language', 'uz').expect(200);
    expect(uz.headers.etag).not.toBe(tag);
    const store = openDatabase(t.dataDir);
    store.prepare("UPDATE news SET image = image || '' WHERE rowid = (SELECT MIN(rowid) FROM news)").run();
    store.close();
    const changed = await request(t.app).get('/api/v1/news').set('Accept-Language', 'en').set('If-None-Match', tag).expect(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.body.items.length).toBeGreaterThan(0);
  });

  it('tag what only a release changes by the answer itself, and a search by the numbers it was made from', async () => {
    const options = await request(t.app).get('/api/v1/tariff-constructor').expect(200);
    await request(t.app).get('/api/v1/tariff-constructor').set('If-None-Match', options.headers.etag).expect(304);
    const search = await request(t.app).get('/api/v1/numbers?category=gold').expect(200);
    await request(t.app).get('/api/v1/numbers?category=gold').set('If-None-Match', search.headers.etag).expect(304);
    const [first] = search.body.items as { number: string }[];
    await request(t.app).post('/api/v1/reservations').send({ number: first.number }).expect(201);
    await request(t.app).get('/api/v1/numbers?category=gold').set('If-None-Match', search.headers.etag).expect(200);
  });
});
