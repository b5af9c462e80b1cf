import request from 'supertest';
import { LANGUAGES } from '../../../shared/languages';
import { camelCase } from '../http/api-error';
import { translate } from '../http/language';
import { createTestApi, MINUTE, type TestApi } from '../test-support/test-api';
import { OTHER_BOT_TOKEN, signedContact, signedInitData, signedQuery, TELEGRAM, TELEGRAM_USER_ID } from '../test-support/telegram';

/*
 * Every kind of bad data is refused with its status and code, naming the field, in every
 * language, logged without the data, and confirms nothing.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi({ telegram: TELEGRAM });
});
afterEach(() => t.close());

const confirm = (body: object, lang = 'en') => request(t.app).post('/api/v1/auth/telegram').set('X-Language', lang).send(body);
const authDate = (ms: number) => String(Math.floor(ms / 1000));
const contactJson = (fields: object) => JSON.stringify({ user_id: TELEGRAM_USER_ID, first_name: 'Aziza', ...fields });

type Body = (now: number) => object;
/** Signed data for both fields, one of them as `made` makes it. */
const initData =
  (made: (now: number) => string): Body =>
  (now) => ({ initData: made(now), contact: signedContact(now) });
const contact =
  (made: (now: number) => string): Body =>
  (now) => ({ initData: signedInitData(now), contact: made(now) });
const [SIGNATURE, EXPIRED, FUTURE, INCOMPLETE, REPEATED] = [
  'telegram_signature_invalid',
  'telegram_data_expired',
  'telegram_data_in_future',
  'telegram_data_incomplete',
  'telegram_data_key_repeated',
];
const contactOf = (fields: object, now?: number) =>
  signedQuery({ contact: contactJson(fields), ...(now === undefined ? {} : { auth_date: authDate(now) }) });

const CASES: [name: string, body: Body, status: number, code: string, field: string][] = [
  ['initData changed after signing', initData((now) => signedInitData(now).replace('417000123', '417000124')), 401, SIGNATURE, 'initData'],
  [
    'a contact changed after signing',
    contact((now) => signedContact(now).replace('998901234567', '998901234568')),
    401,
    SIGNATURE,
    'contact',
  ],
  ['initData signed by another bot', initData((now) => signedInitData(now, TELEGRAM_USER_ID, OTHER_BOT_TOKEN)), 401, SIGNATURE, 'initData'],
  ['a contact signed by another bot', contact((now) => signedContact(now, { token: OTHER_BOT_TOKEN })), 401, SIGNATURE, 'contact'],
  [
    'a contact of another Telegram user',
    contact((now) => signedContact(now, { userId: TELEGRAM_USER_ID + 1 })),
    401,
    'telegram_user_mismatch',
    'contact',
  ],
  ['initData older than an hour', initData((now) => signedInitData(now - 61 * MINUTE)), 401, EXPIRED, 'initData'],
  ['a contact older than an hour', contact((now) => signedContact(now - 61 * MINUTE)), 401, EXPIRED, 'contact'],
  ['initData dated in the future', initData((now) => signedInitData(now + 5 * MINUTE)), 401, FUTURE, 'initData'],
  ['a contact dated in the future', contact((now) => signedContact(now + 5 * MINUTE)), 401, FUTURE, 'contact'],
  ['initData without its hash', initData((now) => signedInitData(now).replace(/&hash=[0-9a-f]+/, '')), 400, INCOMPLETE, 'initData'],
  ['a contact without auth_date', contact(() => contactOf({ phone_number: '998901234567' })), 400, INCOMPLETE, 'contact'],
  ['initData without its user', initData((now) => signedQuery({ auth_date: authDate(now), query_id: 'AAH' })), 400, INCOMPLETE, 'initData'],
  ['a contact without a phone', contact((now) => contactOf({}, now)), 400, INCOMPLETE, 'contact'],
  [
    'a contact that is not JSON',
    contact((now) => signedQuery({ contact: '{user_id', auth_date: authDate(now) })),
    400,
    INCOMPLETE,
    'contact',
  ],
  ['initData sent as the contact', contact((now) => signedInitData(now)), 400, INCOMPLETE, 'contact'],
  [
    'a phone of another country',
    contact((now) => signedContact(now, { phone: '79161234567' })),
    400,
    'telegram_phone_not_uzbek',
    'contact',
  ],
  ['an Uzbek landline', contact((now) => signedContact(now, { phone: '998712345678' })), 400, 'telegram_phone_not_uzbek', 'contact'],
  [
    'a junk hash= in front of a signed contact',
    contact((now) => `hash=${'ab'.repeat(32)}&${signedContact(now)}`),
    400,
    REPEATED,
    'contact',
  ],
  ['an empty hash= in front of a signed contact', contact((now) => `hash=&${signedContact(now)}`), 400, REPEATED, 'contact'],
  ['a junk hash= after a signed contact', contact((now) => `${signedContact(now)}&hash=${'cd'.repeat(32)}`), 400, REPEATED, 'contact'],
  ['a junk hash= in front of signed initData', initData((now) => `hash=&${signedInitData(now)}`), 400, REPEATED, 'initData'],
  ['a signed field given twice', contact((now) => `${signedContact(now)}&auth_date=${authDate(now)}`), 400, REPEATED, 'contact'],
  ['no contact at all', (now) => ({ initData: signedInitData(now) }), 400, 'missing_field', 'contact'],
  ['an unknown field', (now) => ({ ...contact(signedContact)(now), phone: '+998901234567' }), 400, 'unknown_field', 'phone'],
];

describe('data Telegram did not sign for this shop as it stands', () => {
  it.each(CASES)('%s: %i %s on %s, in every language, logged without the data', async (_name, build, status, code, field) => {
    const body = build(t.clock.now());
    for (const lang of LANGUAGES) {
      const res = await confirm(body, lang).expect(status);
      expect(res.body).toEqual({ error: { code, field, message: translate(lang, `errors.${camelCase(code)}`, { field }) } });
    }
    const logged = t.logs.join('\n');
    if (code.startsWith('telegram_')) expect(logged).toContain(`Phone through Telegram refused: ${code} on ${field}`);
    for (const value of Object.values(body) as string[]) {
      expect(logged).not.toContain(value);
      const hash = /hash=([0-9a-f]+)/.exec(value)?.[1];
      if (hash) expect(logged).not.toContain(hash);
    }
    expect(logged).not.toMatch(/417000123|998901234567/);
  });
});

describe('a refusal', () => {
  it('confirms nothing and spends nothing: the contact, refused with the wrong initData, still confirms its own user once', async () => {
    const now = t.clock.now();
    const shared = signedContact(now);
    await confirm({ initData: signedInitData(now, TELEGRAM_USER_ID + 1), contact: shared }).expect(401);
    await confirm({ initData: signedInitData(now), contact: shared }).expect(200);
    await confirm({ initData: signedInitData(now), contact: shared }).expect(409);
  });

  it('gives no token for a used contact read another way: a junk, an empty or a second hash= beside the real one', async () => {
    const now = t.clock.now();
    const shared = signedContact(now);
    const hash = /hash=([0-9a-f]+)/.exec(shared)![1];
    const shapes = [
      `hash=${'ab'.repeat(32)}&${shared}`,
      `hash=&${shared}`,
      `hash=${hash}&${shared}`,
      `${shared}&hash=${hash}`,
      `${shared}&hash=`,
    ];
    await confirm({ initData: signedInitData(now), contact: shared }).expect(200);
    for (const replay of shapes) {
      const res = await confirm({ initData: signedInitData(now), contact: replay });
      expect([res.status, res.body.error?.code]).toEqual([400, 'telegram_data_key_repeated']);
      expect(res.body.authToken).toBeUndefined();
    }
    await confirm({ initData: signedInitData(now), contact: shared }).expect(409);
  });
});
