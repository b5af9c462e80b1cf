import request from 'supertest';
import { createTestApi, DEMO_CODE, requestSmsCode, type TestApi } from '../test-support/test-api';

/** The attacks of ATTACK.md on the SMS sign-in, each replayed against the API. */
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

  it('needs the challenge id: a verify without it is refused by validation, whatever the phone', async () => {
    t = createTestApi();
    await requestSmsCode(t.app, victim);
    expect((await verify({ phone: victim, code: DEMO_CODE }).expect(400)).body.error).toMatchObject({ field: 'challengeId' });
  });
});
