import zlib from 'node:zlib';
import request from 'supertest';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { duplicateKeyOf } from './json-keys';

// docs/attacks/2026-11-28-writes.md F10 (a, b, e, f): what the API answers to requests its declarations do not take.

let t: TestApi;
beforeEach(() => {
  t = createTestApi();
});
afterEach(() => t.close());

const free = async () => (await request(t.app).get('/api/v1/numbers?category=free&pageSize=2').expect(200)).body.items;

describe('a method a declared path does not declare', () => {
  it.each([
    ['put', '/api/v1/reservations', 'POST'],
    ['patch', '/api/v1/reservations', 'POST'],
    ['options', '/api/v1/reservations', 'POST'],
    ['post', '/api/v1/reservations/current', 'GET, HEAD, DELETE'],
    ['get', '/api/v1/auctions/lot-006/bids', 'POST'],
    ['delete', '/api/v1/news', 'GET, HEAD'],
  ] as const)('%s %s is a 405 with Allow: %s and a JSON error', async (method, path, allow) => {
    const res = await request(t.app)[method](path).set('X-Language', 'en').expect(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body.error).toEqual({
      code: 'method_not_allowed',
      message: `This method is not allowed on this API path. Allowed: ${allow}.`,
    });
  });

  it('still answers an undeclared path with 404 not_found', async () => {
    expect((await request(t.app).put('/api/v1/nothing/here').expect(404)).body.error.code).toBe('not_found');
  });
});

describe('the query of a write that declares none', () => {
  it('refuses an unknown or repeated parameter as a read does, and books nothing', async () => {
    const [number] = await free();
    const unknown = await request(t.app).post('/api/v1/reservations?x=1').send({ number: number.number }).expect(400);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_field', field: 'x' });
    const repeated = await request(t.app).post('/api/v1/reservations?x=1&x=2').send({ number: number.number }).expect(400);
    expect(repeated.body.error).toMatchObject({ code: 'unknown_field', field: 'x' });
    expect(
      (
        await request(t.app)
          .get(`/api/v1/numbers/${encodeURIComponent(number.number)}`)
          .expect(200)
      ).body.available,
    ).toBe(true);
    await request(t.app).post('/api/v1/reservations').send({ number: number.number }).expect(201);
  });
});

describe('a JSON body that gives a key twice', () => {
  it('is refused with 400 duplicate_key naming the key, and books neither number', async () => {
    const [first, second] = await free();
    const body = `{"number":"${first.number}","number":"${second.number}"}`;
    const res = await request(t.app)
      .post('/api/v1/reservations')
      .set('Content-Type', 'application/json')
      .set('X-Language', 'en')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'duplicate_key',
      field: 'number',
      message: 'The request body gives the field “number” more than once.',
    });
    for (const { number } of [first, second])
      expect(
        (
          await request(t.app)
            .get(`/api/v1/numbers/${encodeURIComponent(number)}`)
            .expect(200)
        ).body.available,
      ).toBe(true);
  });

  it('finds a key given twice in any object, spelled alike or escaped, and nothing else', () => {
    expect(duplicateKeyOf('{"a":1,"b":{"c":1,"c":2}}')).toBe('c');
    expect(duplicateKeyOf('{"a":1,"\\u0061":2}')).toBe('a');
    expect(duplicateKeyOf('[{"a":1},{"a":1}]')).toBeNull();
    expect(duplicateKeyOf('{"a":"a","b":["a","a"],"c":{"a":{"a":1}}}')).toBeNull();
    expect(duplicateKeyOf('{"a\\"":1,"a":2}')).toBeNull();
    expect(duplicateKeyOf('{"a":1,"a')).toBeNull();
  });
});

describe('the Content-Encoding of a body', () => {
  const send = (encoding: string, body: Buffer) =>
    request(t.app)
      .post('/api/v1/reservations')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .set('X-Language', 'en')
      // As the bytes are, not serialized as JSON by superagent.
      .serialize((bytes: Buffer) => bytes as unknown as string)
      .send(body);
  const json = Buffer.from('{"number":"+998200000001"}');

  it('takes gzip, deflate and br bodies', async () => {
    for (const [encoding, body] of [
      ['gzip', zlib.gzipSync(json)],
      ['deflate', zlib.deflateSync(json)],
      ['br', zlib.brotliCompressSync(json)],
    ] as const)
      expect([encoding, (await send(encoding, body)).body.error?.code]).toEqual([encoding, 'number_not_found']);
  });

  it('answers an encoding it does not take with 415 naming it', async () => {
    const res = await send('compress', json).expect(415);
    expect(res.body.error).toEqual({
      code: 'unsupported_content_encoding',
      message: "The request body's encoding “compress” is not supported. Send it uncompressed, or as gzip, deflate or br.",
    });
  });

  it('answers a body that is not the encoding it names with 400 content_encoding_invalid', async () => {
    for (const [encoding, body] of [
      ['deflate', zlib.gzipSync(json)],
      ['br', Buffer.from('xx')],
      ['gzip', json],
    ] as const) {
      const res = await send(encoding, body).expect(400);
      expect(res.body.error.code).toBe('content_encoding_invalid');
      expect(res.body.error.message).toContain(`“${encoding}”`);
    }
    expect(t.logs.join('\n')).not.toContain('API error');
  });
});
