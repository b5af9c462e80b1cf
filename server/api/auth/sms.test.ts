import request from 'supertest';
import { jwtDecode } from 'jwt-decode';
import { createTestApi, DEMO_CODE, MINUTE, solvedSmsChallenge, type TestApi } from '../test-support/test-api';

let t: TestApi;
afterEach(() => t.close());

const phone = '+998901234567';
/** The challenge id the last code sent answered: its verification carries it. */
let challengeId = '';
/** A code request: a code sent keeps the challenge id of its answer for `verify`. */
const sms = () =>
  request(t.app)
    .post('/api/v1/auth/sms')
    .on('response', (res: request.Response) => {
      if (res.status === 201) challengeId = res.body.challengeId;
    });
/** The solved challenge a code request for the phone carries. */
const solved = (to: string) => solvedSmsChallenge(t.app, to);
const verify = (code: string) => request(t.app).post('/api/v1/auth/sms/verify').send({ phone, code, challengeId });

describe('SMS code', () => {
  beforeEach(() => {
    t = createTestApi();
  });

  it('sends a code, logs it in development, and trades it for an auth token for that phone', async () => {
    const sent = await sms()
      .send({ phone: '+998 90 123-45-67', altcha: await solved('+998 90 123-45-67') })
      .expect(201);
    expect(sent.body).toMatchObject({ phone, resendAfterSeconds: 60, devCode: DEMO_CODE });
    expect(t.logs).toContain(`SMS code for ${phone}: ${DEMO_CODE}`);
    const res = await verify(DEMO_CODE).expect(200);
    expect(res.body.authTokenNumber).toBe(phone);
    const claims = jwtDecode<{ kind: string; sub: string; exp: number }>(res.body.authToken);
    expect(claims).toMatchObject({ kind: 'auth', sub: phone });
    expect(claims.exp).toBe(Math.floor(Date.parse(res.body.expiresAt) / 1000));
  });

  it('uses a code once', async () => {
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    await verify(DEMO_CODE).expect(200);
    expect((await verify(DEMO_CODE).expect(400)).body.error.code).toBe('sms_code_not_requested');
  });

  it('allows one code per 60 seconds, answering 429 with the wait', async () => {
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    t.clock.advance(20_000);
    const res = await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(429);
    expect(res.body.error).toMatchObject({ code: 'sms_rate_limited', retryAfterSeconds: 40 });
    expect(res.headers['retry-after']).toBe('40');
    t.clock.advance(40_000);
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
  });

  it('allows five codes per hour', async () => {
    for (let i = 0; i < 5; i++) {
      await sms()
        .send({ phone, altcha: await solved(phone) })
        .expect(201);
      t.clock.advance(MINUTE);
    }
    const res = await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(429);
    expect(res.body.error.retryAfterSeconds).toBe(55 * 60);
    t.clock.advance(55 * MINUTE);
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
  });

  it('counts limits per number', async () => {
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    await sms()
      .send({ phone: '+998911234567', altcha: await solved('+998911234567') })
      .expect(201);
  });

  it('rejects a wrong code on the code field, and stops after five wrong attempts', async () => {
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    for (let i = 0; i < 5; i++)
      expect((await verify('000000').expect(400)).body.error).toMatchObject({ code: 'sms_code_invalid', field: 'code' });
    expect((await verify(DEMO_CODE).expect(400)).body.error.code).toBe('sms_attempts_exceeded');
  });

  it('expires a code after five minutes', async () => {
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    t.clock.advance(5 * MINUTE);
    expect((await verify(DEMO_CODE).expect(400)).body.error.code).toBe('sms_code_expired');
  });

  it('names the field of malformed input', async () => {
    expect((await sms().send({ phone: '+7 999 123 45 67' }).expect(400)).body.error).toMatchObject({
      code: 'phone_format',
      field: 'phone',
    });
    expect((await sms().send({ phone, channel: 'sms' }).expect(400)).body.error).toMatchObject({ code: 'unknown_field', field: 'channel' });
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    expect((await verify('12ab').expect(400)).body.error).toMatchObject({ code: 'invalid_field', field: 'code' });
  });
});

describe('SMS codes sent', () => {
  it('are told to the API owner (for metrics) once per code sent, never for a request refused', async () => {
    const sent: string[] = [];
    t = createTestApi({ onSmsSent: (kind) => sent.push(kind), limits: { smsPerNetworkPerHour: 2 } });
    await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    expect(
      (
        await sms()
          .send({ phone, altcha: await solved(phone) })
          .expect(429)
      ).body.error.code,
    ).toBe('sms_rate_limited');
    await sms()
      .send({ phone: '+998911234567', altcha: await solved('+998911234567') })
      .expect(201);
    expect(
      (
        await sms()
          .send({ phone: '+998931234567', altcha: await solved('+998931234567') })
          .expect(429)
      ).body.error.code,
    ).toBe('too_many_network_sms');
    expect(sent).toEqual(['code', 'code']);
  });
});

describe('SMS code in production', () => {
  it('is never returned nor logged', async () => {
    const code = '480915';
    t = createTestApi({ production: true, demoSmsCode: code });
    const res = await sms()
      .send({ phone, altcha: await solved(phone) })
      .expect(201);
    expect(res.body.devCode).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect(t.logs.join('\n')).not.toContain(code);
    await verify(code).expect(200);
  });
});
