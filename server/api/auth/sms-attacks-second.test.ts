import request from 'supertest';
import { deviceCookie } from '../test-support/sms-challenge';
import { createTestApi, DEMO_CODE, requestSmsCode, type TestApi } from '../test-support/test-api';

/** The SMS attacks of docs/attacks/2026-11-28-writes-second.md (A4 to A6), each replayed against the API. */
let t: TestApi;
afterEach(() => t.close());

const codeFrom = (phone: string, address: string, cookie?: string) =>
  requestSmsCode(t.app, phone, { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) });
const levelFor = async (phone: string, address: string, cookie?: string) =>
  (
    await request(t.app)
      .get('/api/v1/auth/sms/challenge')
      .set({ 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) })
      .query({ phone })
      .expect(200)
  ).body.parameters.data.level as number;
/** The phone signs in from the address: its device credential (or '' from an API that sets none, so each attack still replays). */
async function signIn(phone: string, address: string): Promise<string> {
  const sent = await codeFrom(phone, address);
  expect(sent.status).toBe(201);
  const verified = await request(t.app)
    .post('/api/v1/auth/sms/verify')
    .set('X-Forwarded-For', address)
    .send({ phone, code: DEMO_CODE, challengeId: sent.body.challengeId })
    .expect(200);
  return verified.headers['set-cookie'] ? deviceCookie(verified) : '';
}
const network = (n: number) => `31.${n + 1}.7.9`;

describe('the device credential', () => {
  it('is an httpOnly, SameSite=Lax cookie for the SMS paths, proving its own phone only, and no forgery', async () => {
    t = createTestApi({ limits: { smsPhonesPerHour: 1 } });
    const sent = await codeFrom('+998907771001', '10.9.9.9');
    const verified = await request(t.app)
      .post('/api/v1/auth/sms/verify')
      .set('X-Forwarded-For', '10.9.9.9')
      .send({ phone: '+998907771001', code: DEMO_CODE, challengeId: sent.body.challengeId });
    const line = (verified.headers['set-cookie'] as unknown as string[])[0];
    expect(line).toMatch(
      /^sms_device=\+998907771001:\d+:[\w-]{43}; Max-Age=7776000; Path=\/api\/v1\/auth\/sms; Expires=.+; HttpOnly; SameSite=Lax$/,
    );
    const cookie = deviceCookie(verified);
    // Another address, past its one phone: a new phone asks the top level there; the proven one does not.
    expect((await codeFrom('+998907771003', '10.8.8.8')).status).toBe(201);
    expect(await levelFor('+998907771001', '10.8.8.8', cookie)).toBe(0);
    expect(await levelFor('+998907771001', '10.8.8.8')).toBe(4);
    expect(await levelFor('+998907771002', '10.8.8.8', cookie)).toBe(4);
    expect(
      await levelFor(
        '+998907771001',
        '10.8.8.8',
        cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(4);
    expect(
      await levelFor(
        '+998907771001',
        '10.8.8.8',
        cookie.replace(/:(\d+):/, (_m, ms: string) => `:${Number(ms) + 1}:`),
      ),
    ).toBe(4);
  });
});

describe('A4: 15 codes from 15 networks in one second to a first-time phone', () => {
  const victim = '+998907772001';

  it('hold its owner minutes, not the hour: past the cap one code per 5 minutes, first come, at the top level', async () => {
    t = createTestApi();
    for (let i = 0; i < 15; i += 1) expect((await codeFrom(victim, network(i))).status).toBe(201);
    const owner = await codeFrom(victim, '95.214.1.7');
    expect(owner.status).toBe(429);
    expect(owner.body.error).toMatchObject({ code: 'sms_rate_limited', retryAfterSeconds: 300 });
    t.clock.advance(300_000);
    expect(await levelFor(victim, '95.214.1.7')).toBe(4);
    expect((await codeFrom(victim, '95.214.1.7')).status).toBe(201);
    // The next one, whoever asks, waits five minutes more.
    expect((await codeFrom(victim, network(20))).body.error).toMatchObject({ code: 'sms_rate_limited', retryAfterSeconds: 300 });
  });

  it('never hold an owner whose browser signed in with the phone, not even a stranger on the owner’s /24', async () => {
    t = createTestApi();
    const cookie = await signIn(victim, '84.54.70.10');
    t.clock.advance(61_000);
    // The owner's sign-in was the first of the phone's 15 within the hour.
    for (let i = 0; i < 14; i += 1) expect((await codeFrom(victim, network(i))).status).toBe(201);
    expect((await codeFrom(victim, '84.54.70.100')).status).toBe(429);
    expect((await codeFrom(victim, '84.54.70.10', cookie)).status).toBe(201);
  });

  it('from strangers behind the owner’s carrier NAT /24 spend none of the codes the owner’s credential asks', async () => {
    t = createTestApi();
    const cookie = await signIn(victim, '84.54.70.10');
    // The network's 5 an hour to the phone: the owner's sign-in and 4 strangers', one a minute.
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61_000);
      expect((await codeFrom(victim, `84.54.70.${100 + i}`)).status).toBe(201);
    }
    t.clock.advance(61_000);
    expect((await codeFrom(victim, '84.54.70.104')).body.error.code).toBe('sms_rate_limited');
    expect((await codeFrom(victim, '84.54.70.10')).body.error.code).toBe('sms_rate_limited');
    // With its credential the owner has 5 an hour of its own, 1 a minute, from any network.
    for (let i = 0; i < 5; i += 1) {
      expect((await codeFrom(victim, i % 2 ? '84.54.70.10' : '2001:db8:5::1', cookie)).status).toBe(201);
      expect((await codeFrom(victim, '84.54.70.10', cookie)).body.error.code).toBe('sms_rate_limited');
      t.clock.advance(61_000);
    }
    expect((await codeFrom(victim, '84.54.70.10', cookie)).body.error.code).toBe('sms_rate_limited');
  });
});

describe('A5: one address in a shared /24, without any SIM, asking codes to its customers’ phones', () => {
  it('draws nothing from the returning budget once the total is spent; the customers with their credential do', async () => {
    t = createTestApi({ limits: { smsTotalPerHour: 40, smsPerNetworkPerHour: 100, smsPhonesPerHour: 100 } });
    const customers = Array.from({ length: 6 }, (_, i) => `+9989355501${String(i).padStart(2, '0')}`);
    const cookies: string[] = [];
    for (const [i, phone] of customers.entries()) cookies.push(await signIn(phone, `213.230.70.${10 + i}`));
    t.clock.advance(61_000);
    // The crowd: fresh networks until a fresh visitor gets sms_busy.
    for (let i = 0; i < 60; i += 1) await codeFrom(`+99890400${String(i).padStart(4, '0')}`, `10.${100 + i}.0.9`);
    expect((await codeFrom('+998904009999', '10.250.0.9')).body.error.code).toBe('sms_busy');
    const stranger = await Promise.all(customers.map((phone) => codeFrom(phone, '213.230.70.200')));
    expect(stranger.map((res) => res.body.error?.code)).toEqual(customers.map(() => 'sms_busy'));
    expect((await codeFrom(customers[5], '213.230.70.15', cookies[5])).status).toBe(201);
  });
});

describe('A6: the challenge level of a phone, read by a stranger past 10 phones', () => {
  it('is the same for a customer who signed in from this /24 and for anyone else', async () => {
    t = createTestApi();
    const customer = '+998935550123';
    const cookie = await signIn(customer, '185.74.5.20');
    for (let i = 0; i < 10; i += 1) expect((await codeFrom(`+9989355560${String(i).padStart(2, '0')}`, '185.74.5.99')).status).toBe(201);
    expect(await levelFor(customer, '185.74.5.99')).toBe(4);
    expect(await levelFor('+998935550122', '185.74.5.99')).toBe(4);
    // Only the customer's own browser, proving the phone, reads the usual level there.
    expect(await levelFor(customer, '185.74.5.99', cookie)).toBe(0);
  });
});
