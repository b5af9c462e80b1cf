import request from 'supertest';
import type { SmsChallenge } from '../../../shared/api-types';
import { API_MESSAGES } from '../messages';
import {
  createTestApi,
  DEMO_CODE,
  freeNumber,
  MINUTE,
  neighbourAddress,
  reserve,
  TestClock,
  visitorAddress,
  type TestApi,
} from '../test-support/test-api';
import { fetchSmsChallenge, solvedSmsChallenge, solveSmsChallenge } from '../test-support/sms-challenge';
import type { SmsChallengeEvent } from './sms-challenge';

let t: TestApi;
afterEach(() => (t as TestApi | undefined)?.close());

const phone = '+998901234567';
const other = '+998911234567';
const phoneNo = (i: number) => `+99890400${String(i).padStart(4, '0')}`;
const LANGS = ['en', 'ru', 'uz', 'uz-cyrl'] as const;

const sms = (api: TestApi, body: object, address = '10.0.0.1', lang = 'en') =>
  request(api.app).post('/api/v1/auth/sms').set('X-Forwarded-For', address).set('X-Language', lang).send(body);
/** A code request with a challenge fetched and solved from the same address. */
const solvedSms = async (api: TestApi, to: string, address = '10.0.0.1') =>
  sms(api, { phone: to, altcha: await solvedSmsChallenge(api.app, to, { 'X-Forwarded-For': address }) }, address);
const challengeFor = (api: TestApi, to: string, address = '10.0.0.1') => fetchSmsChallenge(api.app, to, { 'X-Forwarded-For': address });
/** What `altcha` carries, decoded. */
const decoded = (altcha: string) =>
  JSON.parse(Buffer.from(altcha, 'base64').toString()) as { challenge: SmsChallenge; solution: { counter: number; derivedKey: string } };
const encoded = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64');
/** Whether the phone had a code sent (the development log names each): a refused request must have sent none. */
const hasCode = async (api: TestApi, to: string) => api.logs.some((line) => line.startsWith(`SMS code for ${to}:`));

function expectRefusedChallenge(res: request.Response, code: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code, field: 'altcha' });
}

describe('the SMS challenge', () => {
  it('is issued for a valid phone only, signed, bound to it, short-lived and at level 0 on a quiet hour', async () => {
    t = createTestApi();
    const res = await request(t.app).get('/api/v1/auth/sms/challenge').query({ phone: '+998 90 123-45-67' }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.body as SmsChallenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, data: { phone, level: 0 } });
    expect(challenge.parameters.data.expires).toBe(t.clock.ms + 5 * MINUTE);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await request(t.app).get('/api/v1/auth/sms/challenge').query({ phone: '12345' }).expect(400)).body.error).toMatchObject({
      code: 'phone_format',
      field: 'phone',
    });
    expect((await request(t.app).get('/api/v1/auth/sms/challenge').expect(400)).body.error).toMatchObject({ code: 'missing_field' });
  });

  it('is required: a code request without one is refused with 400 in every language, before any budget counts it', async () => {
    t = createTestApi({ limits: { smsPerNetworkPerHour: 1, smsTotalPerHour: 1 } });
    for (const lang of LANGS) {
      const res = await sms(t, { phone }, '10.0.0.1', lang);
      expectRefusedChallenge(res, 'sms_challenge_required');
      expect(res.body.error.message).toBe(API_MESSAGES[lang].errors.smsChallengeRequired);
    }
    for (const altcha of ['', 'not base64 at all', encoded({ challenge: 1 }), encoded([]), 'e30=', 'x'.repeat(8000)])
      expect((await sms(t, { phone, altcha })).status).toBe(400);
    expect(await hasCode(t, phone)).toBe(false);
    // Neither the network's budget (1) nor the total (1) was touched by the refusals.
    expect((await solvedSms(t, phone)).status).toBe(201);
  });

  it('gets a code for its phone once: a replay is refused with 400, on another process of the same store too', async () => {
    t = createTestApi();
    const second = createTestApi({}, { dataDir: t.dataDir, clock: t.clock });
    try {
      const altcha = await solvedSmsChallenge(t.app, phone);
      expect((await sms(t, { phone, altcha })).status).toBe(201);
      t.clock.advance(2 * MINUTE);
      expectRefusedChallenge(await sms(t, { phone, altcha }), 'sms_challenge_used');
      expectRefusedChallenge(await sms(second, { phone, altcha }), 'sms_challenge_used');
      // A fresh one does (the phone's own limits allow a resend after a minute).
      expect((await solvedSms(second, phone)).status).toBe(201);
    } finally {
      second.close();
    }
  });

  it('stays used at the very end of its life, when another worker a moment later sweeps the store first', async () => {
    t = createTestApi();
    const altcha = await solvedSmsChallenge(t.app, phone);
    const expires = decoded(altcha).challenge.parameters.data.expires;
    expect((await sms(t, { phone, altcha })).status).toBe(201);
    // A second worker on the same store whose clock reads a second past the challenge's end.
    const later = createTestApi({}, { dataDir: t.dataDir, clock: new TestClock(expires + 1000) });
    try {
      expect((await solvedSms(later, other, '10.0.5.1')).status).toBe(201);
      // This worker is still in the challenge's last millisecond: it is still remembered as used.
      t.clock.ms = expires - 1;
      expectRefusedChallenge(await sms(t, { phone, altcha }), 'sms_challenge_used');
    } finally {
      later.api.close();
    }
  });

  it('is refused for another phone than its own', async () => {
    t = createTestApi();
    const res = await sms(t, { phone: other, altcha: await solvedSmsChallenge(t.app, phone) }, '10.0.0.1', 'ru');
    expectRefusedChallenge(res, 'sms_challenge_phone_mismatch');
    expect(res.body.error.message).toBe(API_MESSAGES.ru.errors.smsChallengePhoneMismatch);
    expect(await hasCode(t, other)).toBe(false);
  });

  it('expires after five minutes', async () => {
    t = createTestApi();
    const altcha = await solvedSmsChallenge(t.app, phone);
    t.clock.advance(5 * MINUTE);
    const res = await sms(t, { phone, altcha }, '10.0.0.1', 'uz');
    expectRefusedChallenge(res, 'sms_challenge_expired');
    expect(res.body.error.message).toBe(API_MESSAGES.uz.errors.smsChallengeExpired);
    expect(await hasCode(t, phone)).toBe(false);
  });

  it('is refused when anything signed was changed, or the solution is not the one', async () => {
    t = createTestApi();
    const { challenge, solution } = decoded(await solvedSmsChallenge(t.app, phone));
    const data = challenge.parameters.data;
    const forged = [
      { challenge: { ...challenge, parameters: { ...challenge.parameters, data: { ...data, level: 9 } } }, solution },
      { challenge: { ...challenge, parameters: { ...challenge.parameters, data: { ...data, phone: other } } }, solution },
      {
        challenge: { ...challenge, parameters: { ...challenge.parameters, data: { ...data, expires: data.expires + 3600_000 } } },
        solution,
      },
      { challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } },
      { challenge: { ...challenge, signature: '0'.repeat(64) }, solution },
    ];
    for (const payload of forged) expectRefusedChallenge(await sms(t, { phone, altcha: encoded(payload) }), 'sms_challenge_invalid');
    // The genuine one still works: the refusals did not spend it.
    expect((await sms(t, { phone, altcha: encoded({ challenge, solution }) })).status).toBe(201);
  });

  it('is made harder as the network and the total fill, one level per quarter at a factor of 16, and asks the level again when spent', async () => {
    // Open part 6 of 8 (a quarter kept as the reserve); 4 codes a network.
    t = createTestApi({ limits: { smsTotalPerHour: 8, smsPerNetworkPerHour: 4 }, smsChallenge: { work: 8, maxFactor: 16 } });
    const levelAt = async (address: string) => (await challengeFor(t, phone, address)).parameters.data.level;
    expect(await levelAt(visitorAddress(100))).toBe(0);
    // An early cheap challenge, kept for later.
    const hoarded = await solvedSmsChallenge(t.app, phoneNo(99), { 'X-Forwarded-For': visitorAddress(99) });
    // Two codes from one network: that network is half full (level 2), the total a third (level 1).
    for (let i = 0; i < 2; i += 1) expect((await solvedSms(t, phoneNo(i), neighbourAddress(i))).status).toBe(201);
    expect(await levelAt(neighbourAddress(5))).toBe(2);
    expect(await levelAt(visitorAddress(100))).toBe(1);
    // Four more from other networks: the open part is spent, the top level for everyone.
    for (let i = 2; i < 6; i += 1) expect((await solvedSms(t, phoneNo(i), visitorAddress(i))).status).toBe(201);
    const top = await challengeFor(t, phone, visitorAddress(100));
    expect(top.parameters.data.level).toBe(4);
    // Its counter (the work) is drawn from 0 to all of 8 x 16 keys: no part of the range a solver
    // could skip (drawn from half of it, all twenty would be 64 or more).
    const counters: number[] = [decoded(await solveSmsChallenge(top)).solution.counter];
    for (let i = 0; i < 19; i += 1)
      counters.push(decoded(await solveSmsChallenge(await challengeFor(t, phone, visitorAddress(100)))).solution.counter);
    expect(Math.max(...counters)).toBeLessThanOrEqual(128);
    expect(Math.min(...counters)).toBeLessThan(64);
    // The cheap challenge fetched before the rush is refused now, and spends nothing.
    expectRefusedChallenge(await sms(t, { phone: phoneNo(99), altcha: hoarded }, visitorAddress(99)), 'sms_challenge_too_easy');
    expect(await hasCode(t, phoneNo(99))).toBe(false);
    expect((await solvedSms(t, phoneNo(99), visitorAddress(99))).status).toBe(201);
  });

  it('is told to the API owner (for metrics): issued and accepted by level, refused by reason', async () => {
    const events: SmsChallengeEvent[] = [];
    t = createTestApi({ onSmsChallenge: (event) => events.push(event) });
    const altcha = await solvedSmsChallenge(t.app, phone);
    await sms(t, { phone }).expect(400);
    await sms(t, { phone: other, altcha }).expect(400);
    await sms(t, { phone, altcha }).expect(201);
    await sms(t, { phone, altcha }).expect(400);
    expect(events).toEqual([
      { outcome: 'issued', level: 0 },
      { outcome: 'refused', reason: 'sms_challenge_required' },
      { outcome: 'refused', reason: 'sms_challenge_phone_mismatch' },
      { outcome: 'accepted', level: 0 },
      { outcome: 'refused', reason: 'sms_challenge_used' },
    ]);
  });
});

describe('the hour’s SMS total', () => {
  it('counts the watches’ messages too, and keeps them waiting, losing none, while only the reserve is left', async () => {
    // Open part 3 of 5.
    t = createTestApi({ limits: { smsTotalPerHour: 5, smsReserveShare: 0.4 }, watchTimer: false });
    const confirm = async (to: string, address: string) => {
      const sent = await solvedSms(t, to, address);
      expect(sent.status).toBe(201);
      const { challengeId } = sent.body;
      return (await request(t.app).post('/api/v1/auth/sms/verify').send({ phone: to, code: DEMO_CODE, challengeId }).expect(200)).body
        .authToken as string;
    };
    const watchAndFree = async (token: string, index: number) => {
      const number = await freeNumber(t.app, 'bronze', index);
      const held = await reserve(t.app, number);
      await request(t.app)
        .post('/api/v1/watches')
        .set('Authorization', `Bearer ${token}`)
        .send({ endsWith: number.slice(-7) })
        .expect(201);
      await request(t.app).delete('/api/v1/reservations/current').set('X-Reservation-Token', held).expect(204);
    };
    const watchSms = (api: TestApi, to: string) => api.logs.filter((line) => line.startsWith(`SMS to ${to}`));
    const first = await confirm(phone, visitorAddress(1));
    const second = await confirm(other, visitorAddress(2));
    await watchAndFree(first, 0);
    await t.api.matchWatches();
    expect(watchSms(t, phone)).toHaveLength(1);
    // Two codes and one watch message spent the open part: the next watch message waits.
    await watchAndFree(second, 1);
    await t.api.matchWatches();
    expect(watchSms(t, other)).toHaveLength(0);
    // The reserve takes codes from fresh networks (two here), never watch messages.
    for (let i = 0; i < 2; i += 1) expect((await solvedSms(t, phoneNo(i), visitorAddress(10 + i))).status).toBe(201);
    await t.api.matchWatches();
    expect(watchSms(t, other)).toHaveLength(0);
    // The total (5) is spent: the watch message counted in it.
    const busy = await solvedSms(t, phoneNo(5), visitorAddress(20));
    expect(busy.status).toBe(429);
    expect(busy.body.error.code).toBe('sms_busy');
    // Another process of the same store with room (as after the hour): the waiting message goes, once.
    const roomy = createTestApi({ limits: { smsTotalPerHour: 100 }, watchTimer: false }, { dataDir: t.dataDir, clock: t.clock });
    try {
      await roomy.api.matchWatches();
      await roomy.api.matchWatches();
      expect(watchSms(roomy, other)).toHaveLength(1);
      expect(watchSms(roomy, phone)).toHaveLength(0);
    } finally {
      roomy.close();
    }
  });

  it('keeps fresh visitors able to get codes while many networks solve challenges to spend it (the attack in miniature)', async () => {
    // 40 SMS an hour: 30 open, 10 kept for networks with fewer than 2 codes; 10 a network. As the
    // launch figures (1,000: 750 and 250; 100 a network) against 100 networks, scaled down.
    t = createTestApi({ limits: { smsTotalPerHour: 40, smsPerNetworkPerHour: 10, smsPhonesPerHour: 100 } });
    const NETWORKS = 6;
    // The attacker first gathers cheap challenges (level 0) for a phone on every address...
    const hoard: { address: string; to: string; altcha: string }[] = [];
    for (let n = 0; n < NETWORKS; n += 1)
      for (let i = 0; i < 10; i += 1) {
        const address = neighbourAddress(i, n);
        const to = phoneNo(n * 10 + i);
        hoard.push({ address, to, altcha: await solvedSmsChallenge(t.app, to, { 'X-Forwarded-For': address }) });
      }
    const codes = (list: request.Response[]) => list.filter((res) => res.status === 201).length;
    // ...then spends them: once the budgets are a quarter full, level 0 is too easy (before any budget counts).
    const spent = [];
    for (const { address, to, altcha } of hoard) spent.push(await sms(t, { phone: to, altcha }, address));
    expect(codes(spent)).toBe(8);
    expect(spent.filter((res) => res.body.error?.code === 'sms_challenge_too_easy')).toHaveLength(52);
    // Then it solves a fresh challenge, at the level asked, for every request: the open part goes,
    // and the networks it kept fresh take 2 codes each of the reserve; the others none.
    const again = [];
    for (const { address, to } of hoard) again.push(await solvedSms(t, to, address));
    expect(codes(spent) + codes(again)).toBe(30 + 3 * 2);
    expect(new Set(again.filter((res) => res.status !== 201).map((res) => res.body.error.code))).toEqual(
      new Set(['sms_rate_limited', 'sms_busy']),
    );
    // Fresh visitors, each on a network of their own, solve the top level and get the rest of the reserve.
    const fresh = await challengeFor(t, phone, visitorAddress(500));
    expect(fresh.parameters.data.level).toBe(4);
    expect((await sms(t, { phone, altcha: await solveSmsChallenge(fresh) }, visitorAddress(500))).status).toBe(201);
    for (let i = 1; i < 4; i += 1) expect((await solvedSms(t, phoneNo(900 + i), visitorAddress(500 + i))).status).toBe(201);
    expect((await solvedSms(t, phoneNo(999), visitorAddress(599))).body.error.code).toBe('sms_busy');
  });

  it('counts the reserve by site: the many /64 networks of one IPv6 home line take two codes of it, not two each', async () => {
    t = createTestApi({ limits: { smsTotalPerHour: 40, smsPerNetworkPerHour: 10, smsPhonesPerHour: 100 } });
    // The open 30 spent by three IPv4 networks.
    for (let n = 0; n < 3; n += 1)
      for (let i = 0; i < 10; i += 1) expect((await solvedSms(t, phoneNo(n * 10 + i), neighbourAddress(i, n))).status).toBe(201);
    // Twenty /64 networks of one /56 ask the reserve: two codes for them all.
    const fromHome = [];
    for (let i = 0; i < 20; i += 1) fromHome.push(await solvedSms(t, phoneNo(100 + i), `2001:db8:77:${(i + 1).toString(16)}::5`));
    expect(fromHome.filter((res) => res.status === 201)).toHaveLength(2);
    expect(new Set(fromHome.filter((res) => res.status !== 201).map((res) => res.body.error.code))).toEqual(new Set(['sms_busy']));
    // Another site's /64 and fresh IPv4 networks still get codes from it: eight are left.
    expect((await solvedSms(t, phoneNo(200), '2001:db8:78:1::5')).status).toBe(201);
    for (let i = 0; i < 7; i += 1) expect((await solvedSms(t, phoneNo(300 + i), visitorAddress(600 + i))).status).toBe(201);
    expect((await solvedSms(t, phoneNo(399), visitorAddress(699))).body.error.code).toBe('sms_busy');
  });
});
