import request from 'supertest';
import { expectRefused } from '../http/limits-support';
import { authToken, createTestApi, visitorAddress, type TestApi } from '../test-support/test-api';

// docs/attacks/2026-11-28-writes.md F7: remote identification as an oracle of dates of birth and of which passports exist.

let t: TestApi;
afterEach(() => t.close());

const remote = (auth: string, body: { document: string; birthDate: string }, address = visitorAddress(0), lang = 'en') =>
  request(t.app)
    .post('/api/v1/identification/remote')
    .set('Authorization', `Bearer ${auth}`)
    .set('X-Forwarded-For', address)
    .set('X-Language', lang)
    .send(body);

/** The n-th date of 1988, as the attacker walked the calendar. */
const dateOf1988 = (n: number) => `${String((n % 28) + 1).padStart(2, '0')}.${String(Math.floor(n / 28) + 1).padStart(2, '0')}.1988`;

describe('remote identification against guessing', () => {
  it('refuses a passport the registry does not know with the same reason and hint as a wrong date of birth', async () => {
    t = createTestApi();
    const auth = await authToken(t.app);
    // AD0000000 with its listed date is the registry's "not found"; AC1111111 exists, the date is wrong.
    const unknown = await remote(auth, { document: 'AD0000000', birthDate: '01.01.1990' }).expect(201);
    const wrongDate = await remote(auth, { document: 'AC1111111', birthDate: '06.11.1979' }).expect(201);
    const pick = (body: Record<string, unknown>) => ({ status: body.status, reason: body.reason, hint: body.hint });
    expect(pick(unknown.body)).toEqual({ status: 'rejected', reason: 'birth_date_mismatch', hint: expect.any(String) });
    expect(pick(unknown.body)).toEqual(pick(wrongDate.body));
  });

  it('refuses a phone’s sixth failed identification of the day with 429, even with the right date of birth', async () => {
    t = createTestApi();
    const auth = await authToken(t.app);
    for (let n = 0; n < 5; n += 1) {
      const res = await remote(auth, { document: 'AB7654321', birthDate: dateOf1988(n) }, visitorAddress(n)).expect(201);
      expect(res.body.reason).toBe('birth_date_mismatch');
    }
    const refused = await remote(auth, { document: 'AB7654321', birthDate: '20.07.1988' }, visitorAddress(9), 'ru');
    expectRefused(refused, 'too_many_identification_attempts');
    expect(refused.body.error.message).toMatch(/попыток идентификации/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('refuses a document’s sixth failure of the day whichever phones and addresses try it', async () => {
    t = createTestApi();
    for (let n = 0; n < 5; n += 1) {
      const auth = await authToken(t.app, `+99890777001${n}`);
      await remote(auth, { document: 'AB7654321', birthDate: dateOf1988(n) }, visitorAddress(n)).expect(201);
    }
    const fresh = await authToken(t.app, '+998907770019');
    expectRefused(
      await remote(fresh, { document: 'AB7654321', birthDate: '20.07.1988' }, visitorAddress(8)),
      'too_many_identification_attempts',
    );
    // Another document of that phone is still checked.
    expect((await remote(fresh, { document: 'AA1234567', birthDate: '15.03.1990' }, visitorAddress(8)).expect(201)).body.status).toBe(
      'verified',
    );
  });

  it('refuses a client past its failures of the day whichever phones and documents it tries', async () => {
    t = createTestApi({ limits: { identificationFailuresPerClient: 3 } });
    const documents = ['AB7654321', 'AC1111111', 'AE5555555'];
    for (const [n, document] of documents.entries()) {
      const auth = await authToken(t.app, `+99890777002${n}`);
      await remote(auth, { document, birthDate: '01.01.2000' }).expect(201);
    }
    const fresh = await authToken(t.app, '+998907770029');
    expectRefused(await remote(fresh, { document: 'AA1234567', birthDate: '01.01.2000' }), 'too_many_identification_attempts');
    await remote(fresh, { document: 'AA1234567', birthDate: '01.01.2000' }, visitorAddress(5)).expect(201);
  });

  it('counts only refusals: a phone verified many times still has its failures left', async () => {
    t = createTestApi();
    const auth = await authToken(t.app);
    for (let n = 0; n < 8; n += 1) await remote(auth, { document: 'AA1234567', birthDate: '15.03.1990' }).expect(201);
    for (let n = 0; n < 5; n += 1) await remote(auth, { document: 'AC1111111', birthDate: dateOf1988(n) }).expect(201);
    expectRefused(await remote(auth, { document: 'AA1234567', birthDate: '15.03.1990' }), 'too_many_identification_attempts');
  });
});
