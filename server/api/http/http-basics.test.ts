import express from 'express';
import request from 'supertest';
import { ApiError } from './api-error';
import { createErrorHandler } from './error-handler';
import { createTestApi, type TestApi } from '../test-support/test-api';

let t: TestApi;
afterEach(() => t?.close());

describe('the API router on its own', () => {
  beforeEach(() => {
    t = createTestApi();
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(t.app)
      .post('/api/v1/auth/sms')
      .set('Content-Type', 'application/json')
      .set('X-Language', 'en')
      .send('{"phone":')
      .expect(400);
    expect(res.body.error).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a body above 100 kB with 413', async () => {
    const res = await request(t.app)
      .post('/api/v1/auth/sms')
      .send({ phone: 'x'.repeat(110 * 1024) })
      .expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('takes JSON bodies only', async () => {
    const res = await request(t.app).post('/api/v1/auth/sms').type('form').send('phone=%2B998901234567').expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers a badly encoded path or an undecodable body with 400, not 500', async () => {
    expect((await request(t.app).get('/api/v1/news/%E0%A4%A').expect(400)).body.error.code).toBe('bad_request');
    const res = await request(t.app)
      .post('/api/v1/auth/sms')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'br')
      .send('xx')
      .expect(400);
    expect(res.body.error.code).toBe('content_encoding_invalid');
    expect(t.logs.join('\n')).not.toContain('API error');
  });

  it('rejects a JSON array as a body', async () => {
    expect((await request(t.app).post('/api/v1/auth/sms').send([1]).expect(400)).body.error.code).toBe('invalid_body');
  });

  it('answers an unknown route under /api/v1 with JSON 404', async () => {
    const res = await request(t.app).get('/api/v1/nothing/here').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.error.code).toBe('not_found');
  });

  it('rejects unknown and repeated query parameters naming them', async () => {
    expect((await request(t.app).get('/api/v1/news?limit=3').expect(400)).body.error).toMatchObject({
      code: 'unknown_field',
      field: 'limit',
    });
    expect((await request(t.app).get('/api/v1/news?page=1&page=2').expect(400)).body.error).toMatchObject({
      code: 'invalid_field',
      field: 'page',
    });
  });

  it('localizes by X-Language first, then Accept-Language, Russian by default', async () => {
    const message = async (headers: Record<string, string>) => {
      const req = request(t.app).get('/api/v1/news/none');
      for (const [k, v] of Object.entries(headers)) req.set(k, v);
      return (await req.expect(404)).body.error.message;
    };
    expect(await message({})).toBe('Такой новости нет.');
    expect(await message({ 'Accept-Language': 'uz-UZ,uz;q=0.9' })).toBe('Bunday yangilik yoʻq.');
    expect(await message({ 'Accept-Language': 'uz', 'X-Language': 'en' })).toBe('This news item does not exist.');
    expect(await message({ 'Accept-Language': 'de-DE' })).toBe('Такой новости нет.');
  });

  it('answers in Uzbek Cyrillic for Accept-Language uz-Cyrl and uz-Cyrl-UZ, or X-Language uz-cyrl; plain uz stays Latin', async () => {
    const notFound = async (headers: Record<string, string>) => {
      const req = request(t.app).get('/api/v1/news/none');
      for (const [k, v] of Object.entries(headers)) req.set(k, v);
      return (await req.expect(404)).body.error.message;
    };
    expect(await notFound({ 'Accept-Language': 'uz-Cyrl' })).toBe('Бундай янгилик йўқ.');
    expect(await notFound({ 'Accept-Language': 'uz-Cyrl-UZ,uz;q=0.9,ru;q=0.5' })).toBe('Бундай янгилик йўқ.');
    expect(await notFound({ 'X-Language': 'uz-cyrl' })).toBe('Бундай янгилик йўқ.');
    expect(await notFound({ 'Accept-Language': 'uz' })).toBe('Bunday yangilik yoʻq.');
    // A validation error too: in Cyrillic but for the field's name, a code.
    const invalid = await request(t.app).get('/api/v1/news?page=0').set('Accept-Language', 'uz-Cyrl').expect(400);
    expect(invalid.body.error.message).toBe('«page» майдонида нотўғри қиймат.');
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const res = await request(t.app).get('/api/v1/tariffs').set('Origin', 'https://elsewhere.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(t.app).get('/api/v1/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('is ready once its start-up work is over (the numbers for sale copied), while open, and not after close', async () => {
    const fresh = createTestApi({ watchTimer: false });
    try {
      expect(fresh.api.isReady()).toBe(false);
      await fresh.api.warmed();
      expect(fresh.api.isReady()).toBe(true);
    } finally {
      fresh.close();
    }
    await t.api.warmed();
    expect(t.api.isReady()).toBe(true);
    t.api.close();
    expect(t.api.isReady()).toBe(false);
  });
});

describe('CORS for configured origins', () => {
  it('allows the listed origin, with the token headers in preflight, and no other', async () => {
    t = createTestApi({ corsOrigins: ['https://site.example'] });
    const preflight = await request(t.app)
      .options('/api/v1/orders')
      .set('Origin', 'https://site.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://site.example');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-reservation-token');
    const other = await request(t.app).get('/api/v1/tariffs').set('Origin', 'https://other.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from a listed origin with the methods, every credential header, Retry-After exposed and a 10-minute max-age', async () => {
    t = createTestApi({ corsOrigins: ['https://site.example/'] });
    const preflight = await request(t.app)
      .options('/api/v1/reservations')
      .set('Origin', 'https://site.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, x-auth-token')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://site.example');
    expect(preflight.headers['access-control-allow-methods']?.split(/,\s*/)).toEqual(['GET', 'POST', 'DELETE', 'OPTIONS']);
    expect(preflight.headers['access-control-allow-headers']?.split(/,\s*/)).toEqual([
      'Content-Type',
      'Authorization',
      'Accept-Language',
      'X-Language',
      'X-Requested-With',
      'x-reservation-token',
      'x-auth-token',
      'x-access-token',
    ]);
    expect(preflight.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(preflight.headers['access-control-max-age']).toBe('600');
    expect(preflight.headers.vary).toContain('Origin');
    expect(preflight.text).toBe('');
  });

  it('lets a listed origin read an answer and its Retry-After, with Vary: Origin for caches', async () => {
    t = createTestApi({ corsOrigins: ['https://site.example'] });
    const res = await request(t.app).get('/api/v1/tariffs').set('Origin', 'https://site.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://site.example');
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(res.headers.vary).toContain('Origin');
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('sends no CORS header at all to another origin, or to any origin when none is configured, and answers no preflight for them', async () => {
    t = createTestApi({ corsOrigins: ['https://site.example'] });
    const other = await request(t.app)
      .options('/api/v1/reservations')
      .set('Origin', 'https://other.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(other.status).not.toBe(204);
    expect(Object.keys(other.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    t.close();
    t = createTestApi();
    const none = await request(t.app).get('/api/v1/tariffs').set('Origin', 'https://site.example').expect(200);
    expect(Object.keys(none.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(none.headers.vary ?? '').not.toContain('Origin');
  });
});

describe('the error handler', () => {
  it('answers anything unexpected with a JSON 500 without the stack, and logs it', async () => {
    const logs: string[] = [];
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    app.get('/known', () => {
      throw new ApiError(409, 'number_unavailable');
    });
    app.use(createErrorHandler((m, error) => logs.push(`${m} ${error instanceof Error ? error.stack : String(error)}`)));
    const res = await request(app).get('/boom').set('X-Language', 'en').expect(500);
    expect(res.body).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again later.' } });
    expect(res.text).not.toContain('secret detail');
    expect(logs[0]).toContain('secret detail');
    expect((await request(app).get('/known').expect(409)).body.error.code).toBe('number_unavailable');
  });
});
