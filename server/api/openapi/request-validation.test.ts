import request from 'supertest';
import { authToken, createTestApi, freeNumber, registeredAuth, reserve, type TestApi } from '../test-support/test-api';

/**
 * Requests are checked by the same zod schemas the OpenAPI document is generated from: a field
 * the document does not list is a 400 `unknown_field`, a listed one with a bad value a 400
 * `invalid_field`, each naming the field, with the message in the request's language.
 */
type Doc = {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components: { schemas: Record<string, Schema> };
};
type Schema = { $ref?: string; properties?: Record<string, Schema>; anyOf?: Schema[]; oneOf?: Schema[] };

let t: TestApi;
let doc: Doc;
let auth: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = createTestApi();
  doc = (await request(t.app).get('/api/v1/openapi.json').expect(200)).body as Doc;
  auth = await authToken(t.app, '+998901110000');
  const registered = await registeredAuth(t.app, '+998901110001');
  tokens = { Authorization: `Bearer ${registered}`, 'X-Reservation-Token': await reserve(t.app, await freeNumber(t.app)) };
});
afterAll(() => t.close());

/** The names a request may carry at a dotted field path, as the generated document lists them. */
function documented(method: string, template: string, field: string): boolean {
  const operation = doc.paths[template][method];
  const [head, ...rest] = field.split('.');
  if (rest.length === 0 && operation.parameters?.some((p) => p.in !== 'header' && p.name === head)) return true;
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop() as string]) : s);
  const has = (s: Schema, parts: string[]): boolean => {
    const node = resolve(s);
    const options = node.anyOf ?? node.oneOf;
    if (options) return options.some((option) => has(option, parts));
    const child = node.properties?.[parts[0]];
    return child !== undefined && (parts.length === 1 || has(child, parts.slice(1)));
  };
  const body = operation.requestBody?.content['application/json']?.schema;
  return body !== undefined && has(body, [head, ...rest]);
}

interface Case {
  name: string;
  method: 'get' | 'post';
  template: string;
  url: string;
  body?: object;
  headers?: () => Record<string, string>;
  code: 'unknown_field' | 'invalid_field';
  field: string;
}

const CASES: Case[] = [
  {
    name: 'an extra body field of a reservation',
    method: 'post',
    template: '/reservations',
    url: '/reservations',
    body: { number: '+998901234567', hold: true },
    code: 'unknown_field',
    field: 'hold',
  },
  {
    name: 'a number that is not text',
    method: 'post',
    template: '/reservations',
    url: '/reservations',
    body: { number: 998901234567 },
    code: 'invalid_field',
    field: 'number',
  },
  {
    name: 'an SMS code with letters',
    method: 'post',
    template: '/auth/sms/verify',
    url: '/auth/sms/verify',
    body: { phone: '+998901234567', code: '12ab', challengeId: 'x' },
    code: 'invalid_field',
    field: 'code',
  },
  {
    name: 'an unknown number search parameter',
    method: 'get',
    template: '/numbers',
    url: '/numbers?colour=red',
    code: 'unknown_field',
    field: 'colour',
  },
  {
    name: 'a page size above the maximum',
    method: 'get',
    template: '/numbers',
    url: '/numbers?pageSize=500',
    code: 'invalid_field',
    field: 'pageSize',
  },
  {
    name: 'a category not in the list',
    method: 'get',
    template: '/numbers',
    url: '/numbers?category=diamond',
    code: 'invalid_field',
    field: 'category',
  },
  {
    name: 'a constructor step that is not a number',
    method: 'get',
    template: '/tariff-constructor/quote',
    url: '/tariff-constructor/quote?internetGb=lots',
    code: 'invalid_field',
    field: 'internetGb',
  },
  {
    name: 'a points-of-sale limit of zero',
    method: 'get',
    template: '/points-of-sale',
    url: '/points-of-sale?limit=0',
    code: 'invalid_field',
    field: 'limit',
  },
  {
    name: 'a bid amount that is not a whole number',
    method: 'post',
    template: '/auctions/{id}/bids',
    url: '/auctions/lot-002/bids',
    body: { amount: 10.5 },
    headers: () => ({ Authorization: `Bearer ${auth}` }),
    code: 'invalid_field',
    field: 'amount',
  },
  {
    name: 'a selfie sent with a remote identification',
    method: 'post',
    template: '/identification/remote',
    url: '/identification/remote',
    body: { document: 'AA1234567', birthDate: '01.01.1990', selfie: 'x' },
    headers: () => ({ Authorization: `Bearer ${auth}` }),
    code: 'unknown_field',
    field: 'selfie',
  },
  {
    name: 'a courier address too short, inside the order',
    method: 'post',
    template: '/orders',
    url: '/orders',
    body: { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'physical', delivery: { method: 'courier', address: 'x' } },
    headers: () => tokens,
    code: 'invalid_field',
    field: 'delivery.address',
  },
  {
    name: 'an extra member of the chosen tariff, inside the order',
    method: 'post',
    template: '/orders',
    url: '/orders',
    body: { tariff: { type: 'ready', id: 'oq-smart', discount: 50 }, simType: 'esim', email: 'a@b.uz' },
    headers: () => tokens,
    code: 'unknown_field',
    field: 'tariff.discount',
  },
];

const MESSAGES = {
  en: { unknown_field: (f: string) => `Unknown field "${f}".`, invalid_field: (f: string) => `The field "${f}" has an invalid value.` },
  ru: {
    unknown_field: (f: string) => `Неизвестное поле «${f}».`,
    invalid_field: (f: string) => `Поле «${f}» содержит недопустимое значение.`,
  },
};

describe('a request off the contract', () => {
  describe.each(Object.keys(MESSAGES) as Array<keyof typeof MESSAGES>)('in %s', (lang) => {
    it.each(CASES.map((c) => [c.name, c] as const))('gets a 400 naming the field: %s', async (_name, c) => {
      let req = request(t.app)[c.method](`/api/v1${c.url}`).set('X-Language', lang);
      for (const [k, v] of Object.entries(c.headers?.() ?? {})) req = req.set(k, v);
      const res = c.body ? await req.send(c.body) : await req;
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: c.code, field: c.field, message: MESSAGES[lang][c.code](c.field) });
      // The field is one the generated document lists exactly when it is not "unknown".
      expect(documented(c.method, c.template, c.field)).toBe(c.code === 'invalid_field');
    });
  });
});
