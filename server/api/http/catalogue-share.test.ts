import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { callJson } from '../../testing/built-server';
import { authToken, createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { networkKey } from './limits';

/*
 * Holds limited by the catalogue, not only by the client: many addresses booking without SMS can
 * never take more than LIMIT_ANONYMOUS_HELD_SHARE of a category, and neighbouring addresses count
 * together. The attackers here are real loopback addresses (127.0.0.0/8 is all loopback on Linux),
 * each request on a connection of its own from that address, to an API that sees the socket's address.
 */

interface Answer {
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

let t: TestApi | undefined;
let server: http.Server | undefined;
let port: number;

async function start(limits: Parameters<typeof createTestApi>[0] = {}): Promise<TestApi> {
  const api = createTestApi(limits);
  const listening = http.createServer(api.app);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  [t, server, port] = [api, listening, (listening.address() as AddressInfo).port];
  return api;
}

afterEach(async () => {
  const [api, listening] = [t, server];
  [t, server] = [undefined, undefined];
  if (listening) await new Promise((resolve) => listening.close(resolve));
  api?.close();
});

/** A JSON call from one loopback address, on a connection of its own. */
function call(from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return callJson(`http://127.0.0.1:${port}/api/v1${path}`, method, body, headers, from) as Promise<Answer>;
}

interface Category {
  id: string;
  available: number;
}

async function categories(): Promise<Category[]> {
  return (await request(t!.app).get('/api/v1/numbers/categories').expect(200)).body.items as Category[];
}

/** Every number of the category on sale and not held, through the API's own pages. */
async function bookable(category: string): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  do {
    const res: request.Response = await request(t!.app)
      .get('/api/v1/numbers')
      .query({ category, pageSize: 100, ...(cursor ? { cursor } : {}) })
      .expect(200);
    numbers.push(...res.body.items.map((item: { number: string }) => item.number));
    cursor = res.body.nextCursor;
  } while (cursor);
  return numbers;
}

/**
 * What a botnet does: every address books, category after category, until the API refuses it.
 * Returns how many bookings succeeded and the refusal codes seen.
 */
async function attack(addresses: string[], stock: Map<string, string[]>): Promise<{ booked: number; refusals: Map<string, number> }> {
  const refusals = new Map<string, number>();
  const closed = new Set<string>();
  let booked = 0;
  let turn = 0;
  for (const from of addresses) {
    for (;;) {
      const open = [...stock.keys()].filter((id) => !closed.has(id) && stock.get(id)!.length > 0);
      if (open.length === 0) return { booked, refusals };
      const category = open[turn++ % open.length];
      const number = stock.get(category)!.shift()!;
      const answer = await call(from, 'POST', '/reservations', { number });
      if (answer.status === 201) {
        booked += 1;
        continue;
      }
      const code = answer.body.error!.code;
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
      if (code === 'phone_required') {
        // The category is at its share for everyone without SMS; the number stays for the rest.
        closed.add(category);
        stock.get(category)!.unshift(number);
        continue;
      }
      // Any other refusal (a limit of this address or its network): the next address tries.
      stock.get(category)!.unshift(number);
      break;
    }
  }
  return { booked, refusals };
}

async function stockOfEveryCategory(): Promise<Map<string, string[]>> {
  const stock = new Map<string, string[]>();
  for (const category of await categories()) stock.set(category.id, await bookable(category.id));
  return stock;
}

const ownNetworks = (count: number) => Array.from({ length: count }, (_, n) => `127.0.${n + 1}.2`);

describe('networkKey', () => {
  it('counts an IPv4 client with its /24 neighbours and an IPv6 client by its /64', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.114.7')).not.toBe(networkKey('203.0.113.7'));
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe(networkKey('2001:db8:1:2:ffff::9'));
    expect(networkKey('junk')).toBe('unknown');
  });
});

describe('the catalogue cannot be cornered', () => {
  it('leaves at least 80 % of every category bookable whatever 200 addresses in 200 networks book without SMS, and again after their bookings lapse', async () => {
    const api = await start();
    const before = new Map((await categories()).map((c) => [c.id, c.available]));
    const first = await attack(ownNetworks(200), await stockOfEveryCategory());
    expect(first.refusals.get('phone_required')).toBeGreaterThan(0);
    for (const category of await categories()) {
      // The share counts numbers on sale; none of these is held by anyone else, so on sale = available before.
      expect([category.id, category.available >= 0.8 * before.get(category.id)!]).toEqual([category.id, true]);
    }
    // Re-booking after the bookings lapse gains nothing either.
    api.clock.advance(16 * MINUTE);
    await attack(
      ownNetworks(200).map((a) => a.replace(/\.2$/, '.3')),
      await stockOfEveryCategory(),
    );
    for (const category of await categories())
      expect([category.id, category.available >= 0.8 * before.get(category.id)!]).toEqual([category.id, true]);
  }, 120_000);

  it('asks for the SMS step in the visitor’s language once a category is at its share, and books for a verified phone', async () => {
    const api = await start();
    const platinum = await bookable('platinum');
    const share = Math.floor(0.2 * platinum.length);
    for (let i = 0; i < share; i += 1)
      expect((await call(`127.0.${i + 1}.2`, 'POST', '/reservations', { number: platinum[i] })).status).toBe(201);
    const texts: Array<[string, string]> = [
      [
        'en',
        'Many numbers of this category are being booked without a confirmed phone right now, so booking one more needs your phone first. Confirm it with an SMS code: it takes a minute, and the same phone is used for your purchase.',
      ],
      [
        'ru',
        'Сейчас многие номера этой категории забронированы без подтверждённого телефона, поэтому, чтобы забронировать ещё один, сначала подтвердите свой телефон кодом из SMS: это займёт минуту, и этот же телефон будет использован для покупки.',
      ],
      [
        'uz',
        'Hozir bu toifadagi koʻp raqamlar tasdiqlangan telefonsiz band qilingan, shuning uchun yana bittasini band qilish uchun avval telefoningizni SMS kod bilan tasdiqlang: bu bir daqiqa oladi va xaridingiz uchun ham shu telefon ishlatiladi.',
      ],
    ];
    for (const [lang, text] of texts) {
      const refused = await call('127.0.100.2', 'POST', '/reservations', { number: platinum[share] }, { 'X-Language': lang });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'phone_required', message: text, field: 'X-Auth-Token' });
    }
    // Another category is not affected.
    const gold = await bookable('gold');
    expect((await call('127.0.100.2', 'POST', '/reservations', { number: gold[0] })).status).toBe(201);
    // The same visitor with a phone confirmed by SMS books the number.
    const auth = await authToken(api.app, '+998901112233');
    const booked = await call('127.0.100.2', 'POST', '/reservations', { number: platinum[share] }, { 'X-Auth-Token': auth });
    expect(booked.status).toBe(201);
    expect(booked.body.reservation).toMatchObject({ number: platinum[share], status: 'active' });
  });

  it('lets an anonymous visitor replace their own booking in a category at its share', async () => {
    await start();
    const platinum = await bookable('platinum');
    const share = Math.floor(0.2 * platinum.length);
    const tokens: string[] = [];
    for (let i = 0; i < share; i += 1)
      tokens.push((await call(`127.0.${i + 1}.2`, 'POST', '/reservations', { number: platinum[i] })).body.reservationToken as string);
    const replaced = await call('127.0.1.2', 'POST', '/reservations', { number: platinum[share] }, { 'X-Reservation-Token': tokens[0] });
    expect(replaced.status).toBe(201);
    expect(replaced.body.replaced).toBe(platinum[0]);
  });

  it('stops 200 addresses of one /24 at the network’s hold limit, far sooner than 200 separate clients', async () => {
    // The premium numbers' own limit without a phone (one per address, three per network) is
    // anonymous-premium-holds.test.ts's: here the general hold limits are at work.
    await start({ limits: { anonymousHeldShare: 1, anonymousPremiumHoldsPerClient: 1000, anonymousPremiumHoldsPerNetwork: 1000 } });
    const neighbours = Array.from({ length: 200 }, (_, n) => `127.0.77.${n + 2}`);
    const { booked, refusals } = await attack(neighbours, await stockOfEveryCategory());
    expect(booked).toBe(60);
    expect(refusals.get('too_many_network_holds')).toBeGreaterThan(0);
    expect([...refusals.keys()].sort()).toEqual(expect.arrayContaining(['too_many_holds', 'too_many_network_holds']));
    expect(
      [...refusals.keys()].every((code) => ['too_many_holds', 'too_many_network_holds', 'too_many_network_reservations'].includes(code)),
    ).toBe(true);
    // A visitor of another network books as usual.
    expect((await call('127.0.78.2', 'POST', '/reservations', { number: (await bookable('free'))[0] })).status).toBe(201);
  });

  it('counts the bookings of one verified phone wherever its token is used', async () => {
    const api = await start({ limits: { anonymousHeldShare: 0 } });
    const auth = await authToken(api.app, '+998901112244');
    const free = await bookable('free');
    expect((await call('127.0.1.2', 'POST', '/reservations', { number: free[0] }, { 'X-Auth-Token': auth })).status).toBe(201);
    expect((await call('127.0.2.2', 'POST', '/reservations', { number: free[1] }, { 'X-Auth-Token': auth })).status).toBe(201);
    const third = await call('127.0.3.2', 'POST', '/reservations', { number: free[2] }, { 'X-Auth-Token': auth, 'X-Language': 'en' });
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'too_many_phone_bookings' });
    // Without SMS nothing at all can be booked at a share of 0.
    expect((await call('127.0.4.2', 'POST', '/reservations', { number: free[2] })).body.error?.code).toBe('phone_required');
  });
});
