/**
 * What Telegram signs for a Mini App with its bot's token: the Mini App's `initData` and the contact
 * a visitor shares through the contact request, each a query string ending in `auth_date=…&hash=…`.
 * The signature is checked by @telegram-apps/init-data-node (Telegram's published algorithm:
 * HMAC-SHA256 with the key made of "WebAppData" and the token); nothing here hashes by hand.
 */
import { isAuthDateInvalidError, isSignatureInvalidError, isSignatureMissingError, validate } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import type { TelegramSettings } from '../context';
import { ApiError, type ErrorCode } from '../http/api-error';

/** The body field that carried the data, named by every refusal. */
export type TelegramField = 'initData' | 'contact';

/** Telegram's clock and ours may differ by a little: data dated up to this far ahead is taken as now. */
export const FUTURE_SKEW_MS = 60_000;

/** The longest age TELEGRAM_AUTH_MAX_AGE_SECONDS may allow (its schema's maximum). */
export const MAX_AGE_LIMIT_SECONDS = 24 * 3600;

/**
 * The last moment a contact signed at `authDateMs` is accepted under any setting: the oldest age
 * TELEGRAM_AUTH_MAX_AGE_SECONDS allows, not the setting in force, so a contact used under a shorter
 * limit is still remembered as used when a longer one is set later (store/used-once.ts keeps it
 * past this moment too).
 */
export const lastAcceptedAt = (authDateMs: number): number => authDateMs + MAX_AGE_LIMIT_SECONDS * SECOND;

const SECOND = 1000;

/** Data whose signature Telegram made for this bot. */
export interface SignedData {
  params: URLSearchParams;
  /** Telegram's signature, the data's one `hash=` and the one the check compared: one per signed payload, so it names the payload (a contact used once). */
  hash: string;
  authDateMs: number;
}

export const refusal = (status: number, code: ErrorCode, field: TelegramField) => new ApiError(status, code, { field, params: { field } });

/**
 * The data, when its signature is this bot's and its `auth_date` is neither older than the
 * settings allow nor in the future; else the refusal naming `field`.
 */
export function signedData(raw: string, field: TelegramField, settings: TelegramSettings, now: number): SignedData {
  const params = readOnce(raw, field);
  try {
    // The very pairs read above are what the library checks (it takes URLSearchParams), so the
    // hash it compares is the one kept below. Its own age check reads Date.now() and lets a
    // future date through: the age is checked below, on the API's clock, once the signature holds.
    validate(params, settings.botToken, { expiresIn: 0 });
  } catch (error) {
    if (isSignatureMissingError(error) || isAuthDateInvalidError(error)) throw refusal(400, 'telegram_data_incomplete', field);
    if (isSignatureInvalidError(error)) throw refusal(401, 'telegram_signature_invalid', field);
    throw error;
  }
  const authDate = params.get('auth_date') ?? '';
  if (!/^\d{1,12}$/.test(authDate)) throw refusal(400, 'telegram_data_incomplete', field);
  const authDateMs = Number(authDate) * SECOND;
  if (now - authDateMs > settings.maxAgeSeconds * SECOND) throw refusal(401, 'telegram_data_expired', field);
  if (authDateMs - now > FUTURE_SKEW_MS) throw refusal(401, 'telegram_data_in_future', field);
  return { params, hash: params.get('hash') ?? '', authDateMs };
}

/**
 * The signed string read once, each key at most once. A key given twice could be read in two ways
 * (the library's check takes the last `hash=`, `get` the first: a junk `hash=` put in front of a
 * real contact once passed the replay guard as a new contact), so it is refused before anything
 * else reads the string.
 */
function readOnce(raw: string, field: TelegramField): URLSearchParams {
  const params = new URLSearchParams(raw);
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) throw refusal(400, 'telegram_data_key_repeated', field);
  return params;
}

/** A JSON value of the signed data read by `schema`, or null when it is missing or of another shape. */
function jsonParam<S extends z.ZodType>(params: URLSearchParams, name: string, schema: S): z.output<S> | null {
  const raw = params.get(name);
  if (raw === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

const TelegramUser = z.looseObject({ id: z.int().positive() });
const SharedContact = z.looseObject({ user_id: z.int().positive(), phone_number: z.string().min(1).max(40) });

/**
 * The Telegram user who opened the Mini App, from its signed `initData`. Read here rather than by
 * the library's `parse`, which also requires Telegram's newer `signature` field that this check
 * does not need.
 */
export function initDataUser(data: SignedData): z.output<typeof TelegramUser> {
  const user = jsonParam(data.params, 'user', TelegramUser);
  if (!user) throw refusal(400, 'telegram_data_incomplete', 'initData');
  return user;
}

/** The contact the visitor shared (`contact=<json>`): its Telegram user and phone as Telegram wrote it. */
export function sharedContact(data: SignedData): z.output<typeof SharedContact> {
  const contact = jsonParam(data.params, 'contact', SharedContact);
  if (!contact) throw refusal(400, 'telegram_data_incomplete', 'contact');
  return contact;
}
