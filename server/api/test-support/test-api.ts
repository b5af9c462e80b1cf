import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { createApi, type Api, type ApiOptions } from '../create-api';
import { copySeededStore } from './seeded-store';
import { solvedSmsChallenge } from './sms-challenge';

export { solvedSmsChallenge } from './sms-challenge';

/** Test clock: starts at a fixed moment and only moves when a test says so. */
export class TestClock {
  constructor(public ms = Date.UTC(2025, 5, 16, 7, 0, 0)) {}
  now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const DEMO_CODE = '123456';
export const MINUTE = 60_000;

export interface TestApi {
  app: express.Express;
  api: Api;
  clock: TestClock;
  dataDir: string;
  logs: string[];
  options: ApiOptions;
  /** Reopens the same store, as after a restart of the process. */
  restart(): TestApi;
  close(): void;
}

function mount(api: Api): express.Express {
  const app = express();
  // As behind the site's own proxy: a test may speak for several visitors through X-Forwarded-For.
  app.set('trust proxy', 'loopback');
  app.use('/api/v1', api.router);
  return app;
}

export function createTestApi(overrides: Partial<ApiOptions> = {}, existing?: { dataDir: string; clock: TestClock }): TestApi {
  const dataDir = existing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'operator-api-'));
  const clock = existing?.clock ?? new TestClock();
  const logs: string[] = [];
  const options: ApiOptions = {
    dataDir,
    jwtSecret: 'test-secret-of-enough-length',
    reservationMinutes: 15,
    auctionExtendMinutes: 5,
    paymentWindowMinutes: 720,
    // The seeded lots are nearly all platinum, which asks a deposit before a bid: the tests of the
    // other rules bid without one; the deposits' own tests (auction-deposits.test.ts) turn it on.
    auctionDepositPercent: 0,
    demoSmsCode: DEMO_CODE,
    // The SMS challenges at their smallest: a few keys each, so solving them costs tests nothing.
    smsChallenge: { work: 1 },
    corsOrigins: [],
    production: false,
    // Most route tests never search: their threads start with their first search (search-pool.ts).
    searchThreadsOnDemand: true,
    now: clock.now,
    log: (m) => logs.push(m),
    ...overrides,
  };
  // A fresh folder gets the run's seeded store (seeded-store.ts) rather than seeding its own.
  if (!existing && !overrides.dataDir) copySeededStore(dataDir, (options.now ?? Date.now)(), options.demoNumbers);
  const api = createApi(options);
  const harness: TestApi = {
    app: mount(api),
    api,
    clock,
    dataDir,
    logs,
    options,
    restart() {
      api.close();
      return createTestApi(overrides, { dataDir, clock });
    },
    close() {
      api.close();
      if (!existing) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A free number of the category, found through the API itself. */
export async function freeNumber(app: express.Express, category = 'free', index = 0): Promise<string> {
  const res = await request(app)
    .get(`/api/v1/numbers?category=${category}&pageSize=${index + 1}`)
    .expect(200);
  return res.body.items[index].number as string;
}

/** The answer to a code request for the phone with its solved challenge (both from the address `headers` give). */
/** The first `count` numbers of a category for sale, in the search's order. */
export async function freeNumbers(app: express.Express, count: number, category = 'free'): Promise<string[]> {
  const res = await request(app).get(`/api/v1/numbers?category=${category}&pageSize=${count}`).expect(200);
  return res.body.items.map((item: { number: string }) => item.number);
}

/** POST /reservations from a client's address (X-Forwarded-For), with the tokens in `headers`. */
export function bookFrom(app: express.Express, number: string, from: string, headers: Record<string, string> = {}) {
  return request(app).post('/api/v1/reservations').set('X-Forwarded-For', from).set(headers).send({ number });
}

export async function requestSmsCode(app: express.Express, phone: string, headers: Record<string, string> = {}): Promise<request.Response> {
  const altcha = await solvedSmsChallenge(app, phone, headers);
  return request(app).post('/api/v1/auth/sms').set(headers).send({ phone, altcha });
}

export async function authToken(app: express.Express, phone = '+998901234567'): Promise<string> {
  const sent = await requestSmsCode(app, phone);
  if (sent.status !== 201) throw new Error(`POST /auth/sms answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const res = await request(app)
    .post('/api/v1/auth/sms/verify')
    .send({ phone, code: DEMO_CODE, challengeId: sent.body.challengeId })
    .expect(200);
  return res.body.authToken as string;
}

/**
 * A visitor's own address, each in a network (/24) of its own, for tests that play many visitors
 * against the per-client limits (visitors who share a network also share its limits).
 */
export const visitorAddress = (index: number) => `10.${Math.floor(index / 256) % 256}.${index % 256}.2`;

/** The index-th address of one /24 network: neighbours that count together under the network's limits. */
export const neighbourAddress = (index: number, network = 0) => `10.200.${network}.${index + 1}`;

export async function reserve(app: express.Express, number: string, held?: string): Promise<string> {
  const req = request(app).post('/api/v1/reservations');
  if (held) req.set('X-Reservation-Token', held);
  const res = await req.send({ number }).expect(201);
  return res.body.reservationToken as string;
}

/** A passport series and number of the phone's own (a person per phone), outside the demo registry's entries. */
export const passportOf = (phone: string) =>
  `${[...phone.slice(-9, -7)].map((digit) => 'JKLMNOPQRS'[Number(digit)]).join('')}${phone.slice(-7)}`;

/** An SMS-verified phone that also passed remote identification, by default as a person of its own. */
export async function registeredAuth(app: express.Express, phone = '+998901234567', document = passportOf(phone)): Promise<string> {
  const token = await authToken(app, phone);
  await request(app)
    .post('/api/v1/identification/remote')
    .set('Authorization', `Bearer ${token}`)
    .send({ document, birthDate: '15.03.1990' })
    .expect(201);
  return token;
}

export const ESIM_ORDER = { tariff: { type: 'ready', id: 'oq-smart' }, simType: 'esim', email: 'aziza@mail.uz' };

/** A SIM card brought by courier. */
export const PHYSICAL_ORDER = {
  tariff: { type: 'ready', id: 'oq-smart' },
  simType: 'physical',
  email: null,
  delivery: { method: 'courier', address: 'Tashkent, Chilonzor 9, 14' },
};

/** The order of the booking the reservation token names, by the phone of the auth token: the API's answer. */
export function orderBooked(app: express.Express, auth: string, reservationToken: string, body: object = ESIM_ORDER) {
  return request(app).post('/api/v1/orders').set('Authorization', `Bearer ${auth}`).set('X-Reservation-Token', reservationToken).send(body);
}

/** A registered phone's order for a free bronze number (`numberIndex`-th of the list): an eSIM unless `body` says otherwise. */
export async function placeOrder(app: express.Express, phone = '+998901234567', body: object = ESIM_ORDER, numberIndex = 0) {
  const auth = await registeredAuth(app, phone);
  const reservation = await reserve(app, await freeNumber(app, 'bronze', numberIndex));
  const res = await request(app)
    .post('/api/v1/orders')
    .set('Authorization', `Bearer ${auth}`)
    .set('X-Reservation-Token', reservation)
    .send(body)
    .expect(201);
  return { auth, reservation, order: res.body.order, accessToken: res.body.accessToken as string };
}

/** Pays for the order in the sandbox and approves the payment, as the visitor's bank would: the order is activated. */
export async function payAndApprove(app: express.Express, orderId: string, accessToken: string): Promise<void> {
  const started = await request(app)
    .post(`/api/v1/orders/${orderId}/payments`)
    .set('Authorization', `Bearer ${accessToken}`)
    .send({ provider: 'payme' })
    .expect(201);
  await request(app).post(`${started.body.paymentUrl}/approve`).type('form').send('').expect(303);
}
