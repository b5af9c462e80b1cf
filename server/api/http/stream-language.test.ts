import request from 'supertest';
import { listen, openStream } from '../test-support/event-stream';
import { createTestApi, type TestApi } from '../test-support/test-api';

// EventSource sends no headers: a browser names the visitor's language as `lang` in a stream's URL.
let t: TestApi;
let server: Awaited<ReturnType<typeof listen>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  t.close();
});

/** The refusal of a stream asked for with `lang=en` from a browser whose own language is Russian, and the same asked for in English by header. */
async function refusedBoth(path: string, query: Record<string, string>) {
  const byQuery = await request(t.app)
    .get(path)
    .query({ ...query, lang: 'en' })
    .set('Accept-Language', 'ru-RU,ru;q=0.9');
  const byHeader = await request(t.app).get(path).query(query).set('X-Language', 'en');
  const russian = await request(t.app).get(path).query(query).set('Accept-Language', 'ru');
  return { byQuery, byHeader, russian };
}

describe('a live stream asked for with lang', () => {
  beforeEach(() => {
    t = createTestApi();
  });

  it('refuses a bad list of numbers in English with lang=en, naming `numbers`', async () => {
    const { byQuery, byHeader, russian } = await refusedBoth('/api/v1/numbers/events', { numbers: '+998771234567,junk' });
    expect(byQuery.status).toBe(400);
    expect(byQuery.headers['content-type']).toMatch(/^application\/json/);
    expect(byQuery.body.error).toMatchObject({ code: 'invalid_field', field: 'numbers' });
    expect(byQuery.body).toEqual(byHeader.body);
    expect(byQuery.body.error.message).not.toBe(russian.body.error.message);
  });

  it('refuses an unknown lot in English with lang=en', async () => {
    const { byQuery, byHeader, russian } = await refusedBoth('/api/v1/auctions/lot-999/events', {});
    expect(byQuery.status).toBe(404);
    expect(byQuery.body).toEqual(byHeader.body);
    expect(byQuery.body.error.message).not.toBe(russian.body.error.message);
  });

  it('refuses an unknown parameter of the auction list stream in English with lang=en', async () => {
    const { byQuery, byHeader, russian } = await refusedBoth('/api/v1/auctions/events', { since: '1' });
    expect(byQuery.status).toBe(400);
    expect(byQuery.body.error).toMatchObject({ code: 'unknown_field', field: 'since' });
    expect(byQuery.body).toEqual(byHeader.body);
    expect(byQuery.body.error.message).not.toBe(russian.body.error.message);
  });

  it('refuses a language it does not speak, naming `lang`, in the language of the headers', async () => {
    const res = await request(t.app).get('/api/v1/auctions/lot-999/events').query({ lang: 'fr' }).set('X-Language', 'en');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_field', field: 'lang' });
    expect(res.body.error.message).toBe('The field "lang" has an invalid value.');
  });
});

describe('a stream past the per-client limit, asked for with lang', () => {
  it.each([
    ['the auction list', '/api/v1/auctions/events?'],
    ['a lot', '/api/v1/auctions/lot-006/events?'],
    ['the numbers', '/api/v1/numbers/events?numbers=%2B998771234567&'],
  ])('refuses %s in English with lang=en', async (_name, path) => {
    t = createTestApi({ limits: { streamsPerClient: 1 } });
    const origin = (server = await listen(t.app)).origin;
    const me = { 'X-Forwarded-For': '198.51.100.7', 'Accept-Language': 'ru' };
    const held = await openStream(`${origin}/api/v1/auctions/events`, me);
    expect(held.status).toBe(200);
    const english = await openStream(`${origin}${path}lang=en`, me);
    const russian = await openStream(`${origin}${path}lang=ru`, me);
    const [inEnglish, inRussian] = [await english.json(), await russian.json()];
    expect([english.status, russian.status]).toEqual([429, 429]);
    expect(inEnglish.error.code).toBe('too_many_streams');
    expect(inEnglish.error.message).toMatch(/[A-Za-z]/);
    expect(inEnglish.error.message).not.toBe(inRussian.error.message);
    held.close();
  });
});
