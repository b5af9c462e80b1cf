import { sign, signData } from '@telegram-apps/init-data-node';
import type { TelegramSettings } from '../context';

/** A made-up bot token of the tests' own bot, in BotFather's format. */
export const TEST_BOT_TOKEN = '7000000001:AAF-test-bot-token-of-the-tests_0000';
/** Another bot's token: what it signs is not ours. */
export const OTHER_BOT_TOKEN = '7000000002:AAF-another-bot-not-the-shops-one_00';

export const TELEGRAM: TelegramSettings = { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 3600 };

/** The Telegram user the tests play. */
export const TELEGRAM_USER_ID = 417_000_123;

/** The Mini App's initData for the user, signed as Telegram signs it (the library's `sign`), dated `authDateMs`. */
export function signedInitData(authDateMs: number, userId = TELEGRAM_USER_ID, token = TEST_BOT_TOKEN): string {
  const user = { id: userId, first_name: 'Aziza', language_code: 'uz', allows_write_to_pm: true };
  return sign({ user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender' }, token, new Date(authDateMs));
}

/**
 * The answer of Telegram's contact request: `contact=<json>&auth_date=…&hash=…`, signed by the
 * library's `signData` over Telegram's data-check string (its sorted `key=value` lines). Not the
 * library's `sign`, which also writes the initData's `signature` field that a contact never has.
 */
export function signedContact(
  authDateMs: number,
  { phone = '998901234567', userId = TELEGRAM_USER_ID, token = TEST_BOT_TOKEN }: { phone?: string; userId?: number; token?: string } = {},
): string {
  const contact = { user_id: userId, phone_number: phone, first_name: 'Aziza', last_name: 'Karimova' };
  return signedQuery({ contact: JSON.stringify(contact), auth_date: String(Math.floor(authDateMs / 1000)) }, token);
}

/** Any fields signed as Telegram signs them: for data Telegram never sends (a field left out). */
export function signedQuery(fields: Record<string, string>, token = TEST_BOT_TOKEN): string {
  const query = new URLSearchParams(fields);
  const checkString = [...query.entries()]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  query.append('hash', signData(checkString, token));
  return query.toString();
}
