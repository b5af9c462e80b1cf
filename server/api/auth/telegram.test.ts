import request from 'supertest';
import { jwtDecode } from 'jwt-decode';
import { API_MESSAGES } from '../messages';
import { createTestApi, DEMO_CODE, TestClock, freeNumber, MINUTE, removeDir, requestSmsCode, type TestApi } from '../test-support/test-api';
import { deviceCookie } from '../test-support/sms-challenge';
import { signedContact, signedInitData, TELEGRAM, TEST_BOT_TOKEN } from '../test-support/telegram';

let t: TestApi;
afterEach(() => t.close());

const phone = '+998901234567';
const confirm = (initData: string, contact: string, address = '10.9.0.1') =>
  request(t.app).post('/api/v1/auth/telegram').set('X-Forwarded-For', address).send({ initData, contact });
/** The Mini App's data and a contact, both signed now. */
const fresh = (options: Parameters<typeof signedContact>[1] = {}) =>
  [signedInitData(t.clock.now()), signedContact(t.clock.now(), options)] as const;

describe('a phone confirmed by Telegram', () => {
  it('answers the auth token the SMS step answers, for the phone of the signed contact', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    const res = await confirm(...fresh()).expect(200);
    const sent = await requestSmsCode(t.app, '+998911234567');
    expect(sent.status).toBe(201);
    const bySms = await request(t.app)
      .post('/api/v1/auth/sms/verify')
      .send({ phone: '+998911234567', code: DEMO_CODE, challengeId: sent.body.challengeId })
      .expect(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(bySms.body).sort());
    expect(res.body.authTokenNumber).toBe(phone);
    const claims = jwtDecode<{ kind: string; sub: string; num: string; exp: number }>(res.body.authToken);
    expect(claims).toMatchObject({ kind: 'auth', sub: phone, num: phone });
    expect(claims.exp - jwtDecode<{ exp: number }>(bySms.body.authToken).exp).toBe(0);
    // The token opens what an SMS-confirmed phone's does.
    await request(t.app).get('/api/v1/watches').set('Authorization', `Bearer ${res.body.authToken}`).expect(200);
  });

  it('sets the device credential of the phone, as an SMS sign-in does: the phone is returning for this browser', async () => {
    t = createTestApi({ telegram: TELEGRAM, limits: { smsPhonesPerHour: 1 } });
    const cookie = deviceCookie(await confirm(...fresh()).expect(200));
    expect(cookie).toMatch(/^sms_device=\+998901234567:/);
    expect((await requestSmsCode(t.app, '+998911234567', { 'X-Forwarded-For': '10.9.0.1' })).status).toBe(201);
    const level = async (headers: Record<string, string>) =>
      (await request(t.app).get('/api/v1/auth/sms/challenge').set(headers).query({ phone })).body.parameters.data.level;
    expect(await level({ 'X-Forwarded-For': '10.9.0.1' })).toBe(4);
    expect(await level({ 'X-Forwarded-For': '10.9.0.1', Cookie: cookie })).toBe(0);
  });

  it('takes the number as Telegram writes it, with or without its +', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    expect((await confirm(...fresh({ phone: '+998 93 765 43 21' })).expect(200)).body.authTokenNumber).toBe('+998937654321');
  });

  it('sends no SMS and spends none of the SMS budgets', async () => {
    const sent: string[] = [];
    t = createTestApi({
      telegram: TELEGRAM,
      onSmsSent: (kind) => sent.push(kind),
      limits: { smsPhonesPerHour: 1, smsPerNetworkPerHour: 1, smsTotalPerHour: 1 },
    });
    await confirm(...fresh({ phone: '998901234567' })).expect(200);
    expect(sent).toEqual([]);
    expect(t.logs.join('\n')).not.toContain('SMS');
    // The phone, the client, the network and the total still have their whole SMS allowance.
    expect((await requestSmsCode(t.app, phone)).status).toBe(201);
    expect(sent).toEqual(['code']);
  });

  it('confirms no more phones from one client than SMS codes may reach, then 429 too_many_telegram_phones', async () => {
    t = createTestApi({ telegram: TELEGRAM, limits: { smsPhonesPerHour: 2 } });
    await confirm(...fresh({ phone: '998901234567' })).expect(200);
    await confirm(...fresh({ phone: '998911234567' })).expect(200);
    const refused = await confirm(...fresh({ phone: '998931234567' })).expect(429);
    expect(refused.body.error.code).toBe('too_many_telegram_phones');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address is its own client (the network's allowance is larger).
    await confirm(...fresh({ phone: '998931234567' }), '10.9.0.2').expect(200);
  });

  it("counts a network's clients together: many addresses of one /24 confirm no more than the network's allowance", async () => {
    t = createTestApi({ telegram: TELEGRAM, limits: { smsPerNetworkPerHour: 3 } });
    for (const [i, number] of ['998901234567', '998911234567', '998931234567'].entries())
      await confirm(...fresh({ phone: number }), `10.9.0.${i + 10}`).expect(200);
    const refused = await confirm(...fresh({ phone: '998941234567' }), '10.9.0.40').expect(429);
    expect(refused.body.error.code).toBe('too_many_telegram_phones');
    await confirm(...fresh({ phone: '998941234567' }), '10.9.1.40').expect(200);
  });

  it('spends no allowance on a contact refused as used', async () => {
    t = createTestApi({ telegram: TELEGRAM, limits: { smsPhonesPerHour: 2 } });
    const body = fresh({ phone: '998901234567' });
    await confirm(...body).expect(200);
    await confirm(...body).expect(409);
    await confirm(...body).expect(409);
    await confirm(...fresh({ phone: '998911234567' })).expect(200);
  });

  it("counts in the phone's bookings wherever its token is used, with the SMS token of the same phone", async () => {
    t = createTestApi({ telegram: TELEGRAM, limits: { bookingsPerPhone: 2 } });
    const byTelegram = (await confirm(...fresh()).expect(200)).body.authToken as string;
    const sent = await requestSmsCode(t.app, phone);
    expect(sent.status).toBe(201);
    const { challengeId } = sent.body;
    const bySms = (await request(t.app).post('/api/v1/auth/sms/verify').send({ phone, code: DEMO_CODE, challengeId }).expect(200)).body
      .authToken;
    const book = (token: string, index: number) =>
      freeNumber(t.app, 'free', index).then((number) =>
        request(t.app).post('/api/v1/reservations').set('X-Auth-Token', token).send({ number }),
      );
    expect((await book(byTelegram, 0)).status).toBe(201);
    expect((await book(bySms, 1)).status).toBe(201);
    const third = await book(byTelegram, 2);
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('too_many_phone_bookings');
  });

  it('takes data up to the age limit, dated up to a minute ahead of the server', async () => {
    t = createTestApi({ telegram: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 120 } });
    const now = t.clock.now();
    await confirm(signedInitData(now - 2 * MINUTE), signedContact(now + 30_000)).expect(200);
    const old = await confirm(signedInitData(now - 3 * MINUTE), signedContact(now)).expect(401);
    expect(old.body.error).toMatchObject({ code: 'telegram_data_expired', field: 'initData' });
  });
});

describe('a signed contact used again', () => {
  it('confirms nothing more: 409 while it is young, and once too old, refused as too old', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    const [initData, contact] = fresh();
    await confirm(initData, contact).expect(200);
    const again = await confirm(initData, contact).expect(409);
    expect(again.body.error).toMatchObject({ code: 'telegram_contact_used', field: 'contact' });
    expect(again.body.authToken).toBeUndefined();
    // With the Mini App opened again, the old contact is still spent.
    t.clock.advance(MINUTE);
    expect((await confirm(signedInitData(t.clock.now()), contact).expect(409)).body.error.code).toBe('telegram_contact_used');
    t.clock.advance(60 * MINUTE);
    expect((await confirm(signedInitData(t.clock.now()), contact).expect(401)).body.error.code).toBe('telegram_data_expired');
    // A contact shared again is a new signature: it confirms.
    await confirm(...fresh()).expect(200);
  });

  it('is refused after a restart too: the store remembers it', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    const dataDir = t.dataDir;
    try {
      const [initData, contact] = fresh();
      await confirm(initData, contact).expect(200);
      t = t.restart();
      expect((await confirm(initData, contact).expect(409)).body.error.code).toBe('telegram_contact_used');
    } finally {
      t.close();
      removeDir(dataDir);
    }
  });
});

describe('a used contact is remembered past the oldest age any setting accepts', () => {
  it('after the age limit is raised: still refused as used, not taken as new', async () => {
    t = createTestApi({ telegram: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 60 } });
    const dataDir = t.dataDir;
    try {
      const [initData, contact] = fresh();
      await confirm(initData, contact).expect(200);
      t.clock.advance(2 * MINUTE);
      // Any request sweeps the store of rows it may forget.
      await confirm(...fresh({ phone: '998911234567' })).expect(200);
      const clock = t.clock;
      t.api.close(); // the store stays for the next start
      t = createTestApi({ telegram: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 24 * 3600 } }, { dataDir, clock });
      const again = await confirm(signedInitData(t.clock.now()), contact).expect(409);
      expect(again.body.error.code).toBe('telegram_contact_used');
    } finally {
      t.close();
      removeDir(dataDir);
    }
  });

  it('at the very end of its age, when another worker, a moment later, sweeps the store first', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    const [initData, contact] = fresh();
    await confirm(initData, contact).expect(200);
    // A second worker on the same store whose clock reads a second later than this one's.
    const laterClock = new TestClock(t.clock.now() + 60 * MINUTE + 1000);
    const other = createTestApi({ telegram: TELEGRAM }, { dataDir: t.dataDir, clock: laterClock });
    try {
      await request(other.app)
        .post('/api/v1/auth/telegram')
        .set('X-Forwarded-For', '10.9.5.1')
        .send({ initData: signedInitData(laterClock.now()), contact: signedContact(laterClock.now(), { phone: '998911234567' }) })
        .expect(200);
      // This worker is still in the contact's last moment of age: it is still remembered as used.
      t.clock.advance(60 * MINUTE);
      expect((await confirm(signedInitData(t.clock.now()), contact).expect(409)).body.error.code).toBe('telegram_contact_used');
    } finally {
      other.api.close();
    }
  });
});

describe('an empty body, as the Mini App sends to learn whether the route is on', () => {
  it('is 400 missing_field with the token, unlogged, and 404 telegram_not_configured without', async () => {
    t = createTestApi({ telegram: TELEGRAM });
    expect((await request(t.app).post('/api/v1/auth/telegram').send({}).expect(400)).body.error.code).toBe('missing_field');
    expect(t.logs.join('\n')).not.toContain('Telegram');
    t.close();
    t = createTestApi();
    expect((await request(t.app).post('/api/v1/auth/telegram').send({}).expect(404)).body.error.code).toBe('telegram_not_configured');
  });
});

describe('without TELEGRAM_BOT_TOKEN', () => {
  it.each(['ru', 'en', 'uz', 'uz-cyrl'] as const)(
    'answers 404 telegram_not_configured (%s), so the Mini App asks for the SMS code',
    async (lang) => {
      t = createTestApi();
      const res = await confirm(...fresh())
        .set('X-Language', lang)
        .expect(404);
      expect(res.body.error).toEqual({ code: 'telegram_not_configured', message: API_MESSAGES[lang].errors.telegramNotConfigured });
      expect((await requestSmsCode(t.app, phone)).status).toBe(201);
    },
  );
});
