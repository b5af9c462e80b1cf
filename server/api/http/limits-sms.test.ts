import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApi, neighbourAddress, removeDir, solvedSmsChallenge, visitorAddress, type TestApi } from '../test-support/test-api';
import { openDatabase } from '../store/database';
import { createRateLimits, DEFAULT_LIMITS } from './limits';
import { expectRefused } from './limits-support';

let t: TestApi;
// The test of a lost insert starts no API; a closed one is closed again harmlessly.
afterEach(() => (t as TestApi | undefined)?.close());

describe('SMS budgets', () => {
  const phoneNo = (i: number) => `+99890300${String(i).padStart(4, '0')}`;
  const smsFrom = async (api: TestApi, address: string, phone: string, lang = 'en') =>
    request(api.app)
      .post('/api/v1/auth/sms')
      .set('X-Forwarded-For', address)
      .set('X-Language', lang)
      .send({ phone, altcha: await solvedSmsChallenge(api.app, phone, { 'X-Forwarded-For': address }) });
  /** Whether the phone had a code sent (the development log names each): the refused requests must have sent none. */
  const hasCode = async (phone: string) => t.logs.some((line) => line.startsWith(`SMS code for ${phone}:`));

  it('refuse codes to the addresses of one network past its hourly budget, with 429, Retry-After and the message in every language', async () => {
    t = createTestApi({ limits: { smsPerNetworkPerHour: 3 } });
    // Three neighbours of one /24, each well within its own limits.
    for (let i = 0; i < 3; i += 1) expect((await smsFrom(t, neighbourAddress(i), phoneNo(i))).status).toBe(201);
    for (const [lang, text] of [
      ['en', 'Too many codes have been requested from your network. Please try again in 60 min.'],
      ['ru', 'Из вашей сети запрошено слишком много кодов. Повторите через 60 мин.'],
      ['uz', 'Tarmogʻingizdan juda koʻp kod soʻraldi. 60 daqiqadan soʻng qayta urinib koʻring.'],
    ]) {
      const refused = await smsFrom(t, neighbourAddress(3), phoneNo(3), lang);
      expectRefused(refused, 'too_many_network_sms');
      expect(refused.body.error.message).toBe(text);
    }
    expect(await hasCode(phoneNo(3))).toBe(false);
    expect(t.logs.filter((line) => line.includes(phoneNo(3)))).toEqual([]);
    // Another network is not held to it.
    expect((await smsFrom(t, neighbourAddress(3, 1), phoneNo(3))).status).toBe(201);
  });

  it('refuse codes past the total hourly budget, from every network alike, with 429, Retry-After and the message in every language', async () => {
    t = createTestApi({ limits: { smsTotalPerHour: 4 } });
    for (let i = 0; i < 4; i += 1) expect((await smsFrom(t, visitorAddress(i), phoneNo(i))).status).toBe(201);
    for (const [i, [lang, text]] of [
      ['en', 'Too many codes are being sent right now. Please try again in 60 min.'],
      ['ru', 'Сейчас отправляется слишком много кодов. Повторите через 60 мин.'],
      ['uz', 'Hozir juda koʻp kod yuborilmoqda. 60 daqiqadan soʻng qayta urinib koʻring.'],
    ].entries()) {
      const refused = await smsFrom(t, visitorAddress(10 + i), phoneNo(10 + i), lang);
      expectRefused(refused, 'sms_busy');
      expect(refused.body.error.message).toBe(text);
      expect(await hasCode(phoneNo(10 + i))).toBe(false);
    }
  });

  it('spend nothing on a code refused anyway: neither a refusal of the phone or client limits nor one of the total costs the network', async () => {
    t = createTestApi({ limits: { smsPerNetworkPerHour: 2, smsTotalPerHour: 3 } });
    expect((await smsFrom(t, neighbourAddress(0), phoneNo(0))).status).toBe(201);
    // Asked again too soon, five times: the phone's own limit refuses before the budgets count.
    for (let i = 0; i < 5; i += 1) expectRefused(await smsFrom(t, neighbourAddress(1), phoneNo(0)), 'sms_rate_limited');
    expect((await smsFrom(t, neighbourAddress(1), phoneNo(1))).status).toBe(201);
    expectRefused(await smsFrom(t, neighbourAddress(2), phoneNo(2)), 'too_many_network_sms');
    // The total (3) fills from another network; a third network's codes are refused by it, five times.
    expect((await smsFrom(t, neighbourAddress(0, 1), phoneNo(3))).status).toBe(201);
    for (let i = 0; i < 5; i += 1) expectRefused(await smsFrom(t, neighbourAddress(i, 2), phoneNo(10 + i)), 'sms_busy');
    // Under a larger total (another process on the same store, set so), that third network still
    // has its whole budget: the codes the total refused cost it nothing.
    const larger = createTestApi({ limits: { smsPerNetworkPerHour: 2, smsTotalPerHour: 100 } }, { dataDir: t.dataDir, clock: t.clock });
    try {
      expect((await smsFrom(larger, neighbourAddress(0, 2), phoneNo(20))).status).toBe(201);
      expect((await smsFrom(larger, neighbourAddress(1, 2), phoneNo(21))).status).toBe(201);
      expectRefused(await smsFrom(larger, neighbourAddress(2, 2), phoneNo(22)), 'too_many_network_sms');
    } finally {
      larger.close();
    }
  });

  it('give back the budgets of a code that was not sent after all', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-budgets-'));
    const db = openDatabase(dir);
    const limits = createRateLimits(db, { ...DEFAULT_LIMITS, smsPerNetworkPerHour: 1, smsTotalPerHour: 1 });
    try {
      await limits.smsCode('10.1.1.0/24');
      await expect(limits.smsCode('10.1.1.0/24')).rejects.toMatchObject({ status: 429, code: 'too_many_network_sms' });
      await expect(limits.smsCode('10.1.2.0/24')).rejects.toMatchObject({ status: 429, code: 'sms_busy' });
      // The insert lost a race to another worker's code: both budgets get the point back, and the
      // refusals above took none.
      await limits.smsCodeNotSent('10.1.1.0/24');
      await limits.smsCode('10.1.2.0/24');
      await expect(limits.smsCode('10.1.3.0/24')).rejects.toMatchObject({ status: 429, code: 'sms_busy' });
    } finally {
      limits.close();
      db.close();
      removeDir(dir);
    }
  });

  it('hold across two API processes sharing one store, as cluster workers do', async () => {
    t = createTestApi({ limits: { smsPerNetworkPerHour: 2, smsTotalPerHour: 3 } });
    const second = createTestApi({ limits: { smsPerNetworkPerHour: 2, smsTotalPerHour: 3 } }, { dataDir: t.dataDir, clock: t.clock });
    try {
      expect((await smsFrom(t, neighbourAddress(0), phoneNo(0))).status).toBe(201);
      expect((await smsFrom(second, neighbourAddress(1), phoneNo(1))).status).toBe(201);
      expectRefused(await smsFrom(t, neighbourAddress(2), phoneNo(2)), 'too_many_network_sms');
      expectRefused(await smsFrom(second, neighbourAddress(2), phoneNo(2)), 'too_many_network_sms');
      expect((await smsFrom(second, neighbourAddress(0, 1), phoneNo(3))).status).toBe(201);
      expectRefused(await smsFrom(t, neighbourAddress(0, 2), phoneNo(4)), 'sms_busy');
      expectRefused(await smsFrom(second, neighbourAddress(0, 2), phoneNo(4)), 'sms_busy');
    } finally {
      second.close();
    }
  });
});
