import request from 'supertest';
import { deviceCookie } from '../test-support/sms-challenge';
import { createTestApi, DEMO_CODE, requestSmsCode, type TestApi } from '../test-support/test-api';

/** The attacks of docs/attacks/2026-11-28-writes.md on the SMS sign-in, each replayed against the API. */
let t: TestApi;
afterEach(() => t.close());

const victim = '+998907770001';
const verify = (body: object, address = '10.66.0.1') =>
  request(t.app).post('/api/v1/auth/sms/verify').set('X-Forwarded-For', address).send(body);

describe('F2: a stranger guessing codes of a victim phone', () => {
  it('is refused the same way whether or not the phone has a code, and burns none of the owner’s attempts', async () => {
    t = createTestApi();
    const untouched = '+998907770002';
    const sent = await requestSmsCode(t.app, victim, { 'X-Forwarded-For': '10.1.1.1' });
    expect(sent.status).toBe(201);
    expect(sent.body.challengeId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const answers = new Set<string>();
    for (let i = 1; i <= 5; i += 1) {
      for (const [phone, challengeId] of [
        [victim, `guess-${i}`],
        [untouched, `guess-${i}`],
      ]) {
        const res = await verify({ phone, code: `10000${i}`, challengeId }, `10.66.${i}.1`);
        answers.add(JSON.stringify([res.status, res.body]));
      }
    }
    // One answer for all: the victim's live code is not told apart from a phone without one.
    expect(answers.size).toBe(1);
    expect(JSON.parse([...answers][0])).toMatchObject([400, { error: { code: 'sms_code_not_requested', field: 'code' } }]);
    // The owner's code still confirms.
    const own = await verify({ phone: victim, code: DEMO_CODE, challengeId: sent.body.challengeId }, '10.1.1.1');
    expect(own.status).toBe(200);
    expect(own.body.authTokenNumber).toBe(victim);
  });

  it('counts wrong codes against the challenge that sent them only', async () => {
    t = createTestApi();
    const owner = await requestSmsCode(t.app, victim, { 'X-Forwarded-For': '10.1.1.1' });
    t.clock.advance(61_000);
    // A stranger asks a code for the same phone and guesses with its own challenge.
    const stranger = await requestSmsCode(t.app, victim, { 'X-Forwarded-For': '10.77.0.1' });
    expect(stranger.status).toBe(201);
    for (let i = 0; i < 5; i += 1)
      expect((await verify({ phone: victim, code: '000000', challengeId: stranger.body.challengeId })).body.error.code).toBe(
        'sms_code_invalid',
      );
    expect((await verify({ phone: victim, code: DEMO_CODE, challengeId: stranger.body.challengeId })).body.error.code).toBe(
      'sms_attempts_exceeded',
    );
    // The owner's code, asked first, is still good.
    await verify({ phone: victim, code: DEMO_CODE, challengeId: owner.body.challengeId }, '10.1.1.1').expect(200);
  });

  it('needs the challenge id: the report’s five guesses of phone and code alone are refused by validation, and the owner signs in', async () => {
    t = createTestApi();
    const sent = await requestSmsCode(t.app, victim, { 'X-Forwarded-For': '10.1.1.1' });
    for (let i = 1; i <= 5; i += 1)
      expect((await verify({ phone: victim, code: `10000${i}` }, `10.66.${i}.1`).expect(400)).body.error).toMatchObject({
        field: 'challengeId',
      });
    expect((await verify({ phone: victim, code: DEMO_CODE }).expect(400)).body.error).toMatchObject({ field: 'challengeId' });
    await verify({ phone: victim, code: DEMO_CODE, challengeId: sent.body.challengeId }, '10.1.1.1').expect(200);
  });
});

/** A phone that signed in from the address: the Cookie header of its device credential, which makes it returning there. */
async function signIn(phone: string, address: string): Promise<string> {
  const sent = await requestSmsCode(t.app, phone, { 'X-Forwarded-For': address });
  expect(sent.status).toBe(201);
  return deviceCookie(await verify({ phone, code: DEMO_CODE, challengeId: sent.body.challengeId }, address).expect(200));
}
const codeFrom = (phone: string, address: string, cookie?: string) =>
  requestSmsCode(t.app, phone, { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) });
const stranger = (n: number) => `10.${100 + Math.floor(n / 250)}.${n % 250}.9`;

describe('F3: strangers asking codes for a victim phone', () => {
  it('spend none of the allowance of the owner’s network: five codes from elsewhere leave the owner a code', async () => {
    t = createTestApi();
    for (let i = 0; i < 5; i += 1) {
      expect((await codeFrom(victim, stranger(i))).status).toBe(201);
      t.clock.advance(61_000);
    }
    expect((await codeFrom(victim, '10.1.1.1')).status).toBe(201);
  });

  it('reach at most 15 codes an hour for the phone, and never lock out an owner whose browser signed in before', async () => {
    t = createTestApi();
    const cookie = await signIn(victim, '10.1.1.1');
    t.clock.advance(61_000);
    // 14 more from 14 networks: the phone's 15 an hour from all networks.
    for (let i = 0; i < 14; i += 1) expect((await codeFrom(victim, stranger(i))).status).toBe(201);
    const refused = await codeFrom(victim, stranger(14));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('sms_rate_limited');
    // A first-time owner elsewhere waits too (minutes: sms-attacks-second.test.ts, A4); the returning
    // owner, with the device credential, is not held by the cap, and without it is not returning.
    expect((await codeFrom(victim, '10.2.2.2')).status).toBe(429);
    expect((await codeFrom(victim, '10.1.1.7')).status).toBe(429);
    expect((await codeFrom(victim, '10.1.1.7', cookie)).status).toBe(201);
  });
});

describe('F4: a crowd spending the hour’s SMS total (LIMIT_SMS_TOTAL_PER_HOUR 40: 30 open, 10 reserve)', () => {
  const limits = { smsTotalPerHour: 40, smsPerNetworkPerHour: 10, smsPhonesPerHour: 100 };
  const phoneNo = (i: number) => `+99890400${String(i).padStart(4, '0')}`;

  it('counts an IPv6 /48 as one network: the /64s of one home line get its 10 codes, not 10 each', async () => {
    t = createTestApi({ limits });
    const fromHome = [];
    for (let i = 0; i < 20; i += 1) fromHome.push(await codeFrom(phoneNo(i), `2001:db8:77:${(i + 1).toString(16)}00::5`));
    expect(fromHome.filter((res) => res.status === 201)).toHaveLength(10);
    expect(new Set(fromHome.filter((res) => res.status !== 201).map((res) => res.body.error.code))).toEqual(
      new Set(['too_many_network_sms']),
    );
  });

  it('keeps codes for phones whose browser signed in before, once every network drained the total', async () => {
    t = createTestApi({ limits });
    const cookie = await signIn(victim, '10.1.1.1');
    t.clock.advance(61_000);
    // Strangers' phones from fresh networks until nothing is left for a fresh visitor.
    let sent = 1;
    for (let i = 0; i < 60; i += 1) if ((await codeFrom(phoneNo(i), stranger(i))).status === 201) sent += 1;
    expect(sent).toBe(40);
    expect((await codeFrom(phoneNo(999), '10.3.3.3')).body.error.code).toBe('sms_busy');
    // The returning owner still gets a code, at the top level, from the returning budget.
    const level = (
      await request(t.app).get('/api/v1/auth/sms/challenge').set({ 'X-Forwarded-For': '10.1.1.1', Cookie: cookie }).query({ phone: victim })
    ).body.parameters.data.level;
    expect(level).toBe(4);
    expect((await codeFrom(victim, '10.1.1.1', cookie)).status).toBe(201);
    // Two of that budget a phone within the hour (LIMIT_SMS_RESERVE_NETWORK_CODES): one SIM cannot drain it.
    t.clock.advance(61_000);
    expect((await codeFrom(victim, '10.1.1.1', cookie)).status).toBe(201);
    t.clock.advance(61_000);
    expect((await codeFrom(victim, '10.1.1.1', cookie)).body.error.code).toBe('sms_busy');
  });
});

describe('F5: codes to stranger phones from the address a neighbour shares (carrier NAT)', () => {
  it('leave the neighbour able to get a code for their own phone: a new one at the top level, a returning one as usual', async () => {
    t = createTestApi({ limits: { smsPerNetworkPerHour: 12 } });
    const shared = '88.8.8.8';
    const neighbour = '+998907770031';
    const cookie = await signIn(neighbour, shared);
    t.clock.advance(61_000);
    for (let i = 0; i < 10; i += 1) expect((await codeFrom(`+9989055500${String(i).padStart(2, '0')}`, shared)).status).toBe(201);
    // A neighbour's first sign-in: asked the top level, then sent.
    const level = async (phone: string) =>
      (await request(t.app).get('/api/v1/auth/sms/challenge').set('X-Forwarded-For', shared).query({ phone })).body.parameters.data.level;
    expect(await level('+998907770032')).toBe(4);
    expect((await codeFrom('+998907770032', shared)).status).toBe(201);
    // The network's 12 codes are spent: a phone new to it waits, the returning neighbour does not.
    expect((await codeFrom('+998907770033', shared)).body.error.code).toBe('too_many_network_sms');
    expect((await codeFrom(neighbour, shared)).body.error.code).toBe('too_many_network_sms');
    expect((await codeFrom(neighbour, shared, cookie)).status).toBe(201);
  });
});
