import request from 'supertest';
import { createTestApp, TEST_SITE_URL, type TestApp } from '../../testing/test-app';
import { BOOKING_HANDOFF_COOKIE } from '../../../shared/booking-handoff';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import uz from '../../../locales/uz.json';
import { formatUzPhone } from '../../../shared/validation';

/*
 * "Choose" without JavaScript (issue 63): the numbers page's POST reserves through the API for the
 * visitor and answers 303 with the handoff cookie; a refusal is the page with its reason; another
 * site's form, a bad body and the API's limits are refused.
 */

const FORM = 'application/x-www-form-urlencoded';
let t: TestApp;
let free: string[];

beforeAll(async () => {
  // TRUST_PROXY: the tests name their visitors by X-Forwarded-For, as a reverse proxy would.
  t = createTestApp({ TRUST_PROXY: 'true', LIMIT_RESERVATIONS_PER_HOUR: '2' });
  const list = (await request(t.app).get('/api/v1/numbers?pageSize=100')).body as { items: { number: string; price: number }[] };
  free = list.items.filter((item) => item.price === 0).map((item) => item.number);
  expect(free.length).toBeGreaterThan(40);
});
afterAll(() => t.close());

let visitors = 0;
/** A visitor of their own: an address nobody else in these tests has. */
const visitor = () => `203.0.113.${++visitors}`;

function choose(
  number: string,
  {
    from = visitor(),
    origin = TEST_SITE_URL,
    path = '/en/numbers',
    cookie,
  }: { from?: string; origin?: string | null; path?: string; cookie?: string } = {},
) {
  const req = request(t.app).post(path).set('X-Forwarded-For', from).type(FORM);
  if (origin) req.set('Origin', origin);
  if (cookie) req.set('Cookie', cookie);
  return req.send({ intent: 'reserve', number });
}

function current(token: string) {
  return request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', token);
}

const handoffOf = (res: request.Response): string | null => {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${BOOKING_HANDOFF_COOKIE}=`)) ?? null;
};
const tokenOf = (cookie: string) => cookie.split(';')[0].split('=')[1];

describe('choosing a number without scripts', () => {
  it('reserves the number for the visitor and sends them on (303) with the booking in a short-lived same-site cookie of the numbers page', async () => {
    const number = free[0];
    const res = await choose(number, { path: '/en/numbers?category=free&sort=price_asc' }).expect(303);
    expect(res.headers.location).toBe('/en/numbers?category=free&sort=price_asc');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = handoffOf(res);
    expect(cookie).not.toBeNull();
    expect(cookie).toMatch(/; Path=\/en\/numbers(;|$)/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
    // The API holds the number for the token handed over.
    const held = await current(tokenOf(cookie!)).expect(200);
    expect(held.body.number).toBe(number);

    // The page it leads to says so, for this visitor alone.
    const page = await request(t.app).get('/en/numbers').set('Cookie', cookie!.split(';')[0]).expect(200);
    expect(page.text).toContain(en.numbers.choice.reserved.replace('{{number}}', formatUzPhone(number)));
    expect(page.headers['cache-control']).toBe('private, no-store');
    const other = await request(t.app).get('/en/numbers').expect(200);
    expect(other.text).not.toContain(formatUzPhone(number));
  });

  it('says a number is reserved only as the API says it of the cookie’s token: a forged or ended one is cleared', async () => {
    const claims = Buffer.from(JSON.stringify({ kind: 'reservation', num: free[10], exp: Math.floor(Date.now() / 1000) + 600 })).toString(
      'base64url',
    );
    const forged = `${BOOKING_HANDOFF_COOKIE}=eyJhbGciOiJIUzI1NiJ9.${claims}.c2lnbmF0dXJl`;
    const page = await request(t.app).get('/en/numbers').set('Cookie', forged).expect(200);
    expect(page.text).not.toContain(en.numbers.choice.reserved.replace('{{number}}', formatUzPhone(free[10])));
    expect(handoffOf(page)).toMatch(/^oq_booking_handoff=;.*Path=\/en\/numbers;.*Expires=Thu, 01 Jan 1970/);
  });

  it('is Secure over HTTPS', async () => {
    const res = await choose(free[1]).set('X-Forwarded-Proto', 'https').expect(303);
    expect(handoffOf(res)).toMatch(/; Secure/);
  });

  it('replaces the booking in the handoff cookie when the visitor chooses again', async () => {
    const from = visitor();
    const first = handoffOf(await choose(free[2], { from }).expect(303))!;
    const second = handoffOf(await choose(free[3], { from, cookie: first.split(';')[0] }).expect(303))!;
    expect((await current(tokenOf(second)).expect(200)).body.number).toBe(free[3]);
    // The first booking was replaced, not left held.
    await current(tokenOf(first)).expect((res) => expect(res.status).not.toBe(200));
  });

  it('answers a number taken meanwhile with the numbers page saying so', async () => {
    await choose(free[4]).expect(303);
    const res = await choose(free[4]).expect(409);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain(en.numbers.choice.taken.replace('{{number}}', formatUzPhone(free[4])));
    expect(handoffOf(res)).toBeNull();
  });

  it.each([
    ['/numbers', ru.numbers.choice.taken, 20],
    ['/uz/numbers', uz.numbers.choice.taken, 25],
    ['/uz-cyrl/numbers', null, 30],
  ] as const)('answers a refusal on %s with the page in its language, never a 500 (its words are not Latin-1)', async (path, text, at) => {
    await choose(free[at], { path }).expect(303);
    const taken = await choose(free[at], { path }).expect(409);
    expect(taken.headers['content-type']).toMatch(/text\/html/);
    if (text) expect(taken.text).toContain(text.replace('{{number}}', formatUzPhone(free[at])));
    // An unknown number: the API's own message, in the page's language, on the page.
    const unknown = await choose('+998209999999', { path });
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    // Over the visitor's limit (2 an hour here): the API's message in Cyrillic or with "ʻ".
    const from = visitor();
    await choose(free[at + 1], { from, path }).expect(303);
    await choose(free[at + 2], { from, path }).expect(303);
    const limited = await choose(free[at + 3], { from, path });
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/text\/html/);
  });

  it('refuses a form from another site (403) and reserves nothing', async () => {
    for (const refused of [
      choose(free[5], { origin: 'https://evil.example' }),
      choose(free[5], { origin: 'null' }),
      choose(free[5], { origin: null }).set('Sec-Fetch-Site', 'cross-site'),
      choose(free[5], { origin: null }).set('Sec-Fetch-Site', 'same-site'),
      choose(free[5], { origin: null }),
    ])
      await refused.expect(403);
    // Still free: the same number is reserved for the next visitor.
    await choose(free[5]).expect(303);
  });

  it('answers a bad body 400, 415 or 413, never 5xx', async () => {
    const post = () => request(t.app).post('/en/numbers').set('Origin', TEST_SITE_URL);
    await post().type(FORM).send({ intent: 'reserve' }).expect(400);
    await post().type(FORM).send({ intent: 'reserve', number: 'not a number' }).expect(400);
    await post().type(FORM).send({ intent: 'cancel-reservation', number: free[6] }).expect(400);
    await post().type(FORM).send('intent=reserve&number=%ZZ').expect(400);
    await post().type('application/json').send({ intent: 'reserve', number: free[6] }).expect(415);
    await post().set('Content-Type', 'text/plain').send('intent=reserve').expect(415);
    await post().send().expect(415);
    await post()
      .type(FORM)
      .send(`intent=reserve&number=${free[6]}&pad=${'x'.repeat(5000)}`)
      .expect(413);
  });

  it('counts the API’s reservation limits per visitor, not per site server', async () => {
    const from = visitor();
    // LIMIT_RESERVATIONS_PER_HOUR is 2: a third new booking of the same visitor is refused...
    await choose(free[7], { from }).expect(303);
    await choose(free[8], { from }).expect(303);
    const refused = await choose(free[9], { from }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain('class="notice notice--warning"');
    // ...whatever the visitor says of their address to the site or to the API itself...
    await choose(free[9], { from }).set('X-Oq-Visitor-Address', visitor()).expect(429);
    await request(t.app)
      .post('/api/v1/reservations')
      .set('X-Forwarded-For', from)
      .set('X-Oq-Visitor-Address', visitor())
      .set('X-Oq-Visitor-Proof', 'forged')
      .send({ number: free[9] })
      .expect(429);
    // ...while another visitor still books.
    await choose(free[9]).expect(303);
  });
});
