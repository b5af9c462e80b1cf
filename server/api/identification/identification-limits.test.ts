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

  it('refuses a phone’s fourth failure on one document and its sixth of the day on any, even with the right date of birth', async () => {
    t = createTestApi();
    const auth = await authToken(t.app);
    for (let n = 0; n < 3; n += 1) {
      const res = await remote(auth, { document: 'AB7654321', birthDate: dateOf1988(n) }, visitorAddress(n)).expect(201);
      expect(res.body.reason).toBe('birth_date_mismatch');
    }
    const refused = await remote(auth, { document: 'AB7654321', birthDate: '20.07.1988' }, visitorAddress(9), 'ru');
    expectRefused(refused, 'too_many_identification_attempts');
    expect(refused.body.error.message).toMatch(/попыток идентификации/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    for (const document of ['AC1111111', 'AE5555555']) await remote(auth, { document, birthDate: '01.01.2000' }).expect(201);
    expectRefused(await remote(auth, { document: 'AA1234567', birthDate: '15.03.1990' }), 'too_many_identification_attempts');
  });

  // docs/attacks/2026-11-28-writes-second.md A7: a stranger's wrong dates locked the holder out for a day.
  it('checks the holder’s right date of birth from their own phone after a stranger’s phone failed on the document', async () => {
    t = createTestApi();
    const stranger = await authToken(t.app, '+998907773001');
    for (let n = 0; n < 5; n += 1) await remote(stranger, { document: 'AA1234567', birthDate: `0${n + 1}.01.1970` }, '93.1.1.1');
    const holder = await authToken(t.app, '+998907773002');
    const res = await remote(holder, { document: 'AA1234567', birthDate: '15.03.1990' }, visitorAddress(3)).expect(201);
    expect(res.body.status).toBe('verified');
  });

  it('checks a neighbour behind a shared address after four phones there failed on four documents', async () => {
    t = createTestApi();
    const documents = ['AB7654321', 'AC1111111', 'AE5555555', 'AD0000000'];
    for (let n = 0; n < documents.length; n += 1) {
      const auth = await authToken(t.app, `+99890777002${n}`);
      for (let k = 0; k < 5; k += 1) await remote(auth, { document: documents[(n + k) % 4], birthDate: '01.01.2000' }, '213.230.80.7');
    }
    const neighbour = await authToken(t.app, '+998907770029');
    const res = await remote(neighbour, { document: 'AA1234567', birthDate: '15.03.1990' }, '213.230.80.7').expect(201);
    expect(res.body.status).toBe('verified');
  });

  it('answers a document past its day’s refusals from all phones as a wrong date, unchecked, never with a 429', async () => {
    t = createTestApi({ limits: { identificationFailuresPerDocument: 4 } });
    const pick = (body: Record<string, unknown>) => ({ status: body.status, reason: body.reason, hint: body.hint });
    const first = async (phone: string, body: { document: string; birthDate: string }) =>
      remote(await authToken(t.app, phone), body, visitorAddress(7)).expect(201);
    const unlocked = await first('+998907770030', { document: 'AC1111111', birthDate: '02.02.1980' });
    for (let n = 0; n < 4; n += 1) {
      const auth = await authToken(t.app, `+99890777004${n}`);
      await remote(auth, { document: 'AB7654321', birthDate: dateOf1988(n) }, visitorAddress(n)).expect(201);
    }
    // A stranger’s first try on the spent document reads as a first try on any other one.
    const locked = await first('+998907770050', { document: 'AB7654321', birthDate: '02.02.1980' });
    expect(pick(locked.body)).toEqual(pick(unlocked.body));
    // The right date is not checked either: the hint leaves a visit to a point of sale.
    const holder = await first('+998907770051', { document: 'AB7654321', birthDate: '20.07.1988' });
    expect(pick(holder.body)).toEqual(pick(unlocked.body));
    expect(holder.body.hint).toMatch(/point of sale/);
  });

  it('counts only refusals: a phone verified many times still has its failures left', async () => {
    t = createTestApi();
    const auth = await authToken(t.app);
    for (let n = 0; n < 8; n += 1) await remote(auth, { document: 'AA1234567', birthDate: '15.03.1990' }).expect(201);
    for (let n = 0; n < 3; n += 1) await remote(auth, { document: 'AC1111111', birthDate: dateOf1988(n) }).expect(201);
    for (let n = 0; n < 2; n += 1) await remote(auth, { document: 'AE5555555', birthDate: dateOf1988(n) }).expect(201);
    expectRefused(await remote(auth, { document: 'AA1234567', birthDate: '15.03.1990' }), 'too_many_identification_attempts');
  });
});
