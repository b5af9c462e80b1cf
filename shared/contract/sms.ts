import { z } from 'zod';
import { checkUzPhone } from '../validation';
import { DateTime, Int, Msisdn, text } from './common';
import { checked } from './checked';
import { SMS_CODE_PATTERN } from './values';

const phone = checked(text(40), checkUzPhone);

/** The query of GET /auth/sms/challenge: the phone the code will be asked for (the challenge is bound to it). */
export const SmsChallengeQuery = z.strictObject({ phone });

/**
 * An ALTCHA v2 challenge (altcha-lib's `Challenge`, deterministic mode), signed by the API: solve
 * it (try counters from 0 until PBKDF2 of `nonce` + counter, salted with `salt`, `cost`
 * iterations, `keyLength` bytes, starts with `keyPrefix`) and send the solution with the code
 * request (`altcha` of POST /auth/sms). `data` is signed with the rest: the phone it was issued
 * for, its difficulty level (0 to log2 of SMS_CHALLENGE_MAX_FACTOR) and its expiry (ms since the epoch).
 */
export const SmsChallenge = z
  .strictObject({
    parameters: z.strictObject({
      algorithm: z.literal('PBKDF2/SHA-256'),
      nonce: z.string(),
      salt: z.string(),
      cost: Int.min(1),
      keyLength: Int.min(1),
      keyPrefix: z.string(),
      keySignature: z.string(),
      data: z.strictObject({ phone: Msisdn, level: Int.min(0), expires: Int }),
    }),
    signature: z.string(),
  })
  .meta({ id: 'SmsChallenge' });

export const SmsCodeBody = z.strictObject({
  phone,
  /**
   * The solved challenge: base64 of the JSON `{"challenge": <SmsChallenge as received>, "solution":
   * {"counter": <int>, "derivedKey": "<hex>"}}` (altcha-lib's `challenge` and `solution` of
   * verifySolution, as ALTCHA's widget names its field). Optional in the schema so that its
   * absence is answered with its own code, sms_challenge_required.
   */
  altcha: text(8192).optional().meta({
    description:
      'Base64 of the JSON {"challenge": <the SmsChallenge of GET /auth/sms/challenge for this phone>, "solution": {"counter": int, "derivedKey": hex}}; required (400 sms_challenge_required without it).',
  }),
});
export const SmsVerifyBody = z.strictObject({
  phone,
  code: text(10).trim().regex(SMS_CODE_PATTERN),
  /** The secret `challengeId` of the POST /auth/sms answer that sent the code: only its requester can verify, or spend its attempts. */
  challengeId: text(64).meta({
    description:
      'The challengeId of the POST /auth/sms answer that sent this code. Without the right one the answer is always 400 sms_code_not_requested, and no attempt of the code is spent.',
  }),
});

/**
 * A phone confirmed by Telegram instead of an SMS code (POST /auth/telegram): the Mini App's
 * `initData` and the contact the visitor shared through Telegram's contact request, each the raw
 * query string Telegram signed with the bot's token, sent as they came.
 */
export const TelegramPhoneBody = z
  .strictObject({
    /** `Telegram.WebApp.initData`: `user=…&auth_date=…&hash=…` (and whatever else Telegram signed). */
    initData: text(8192).meta({ description: "The Mini App's initData, as Telegram gave it (user=…&auth_date=…&hash=…)." }),
    /** The contact request's raw answer: `contact=<json>&auth_date=…&hash=…`. */
    contact: text(4096).meta({ description: 'The shared contact, as Telegram gave it (contact=<json>&auth_date=…&hash=…).' }),
  })
  .meta({ id: 'TelegramPhoneRequest' });

export const SmsCodeResponse = z
  .strictObject({
    phone: Msisdn,
    expiresAt: DateTime,
    resendAfterSeconds: Int,
    /** A secret of the requester (128 random bits, base64url): POST /auth/sms/verify carries it with the code. */
    challengeId: z
      .string()
      .meta({ description: 'Secret: send it with the code to POST /auth/sms/verify; keep it in the requesting browser only.' }),
    /** Development only (never in production): the code, as printed in the server log. */
    devCode: z.string().optional().meta({ description: 'Development only.' }),
  })
  .meta({ id: 'SmsCodeResponse' });

export const SmsVerifyResponse = z
  .strictObject({
    /** Store as `auth_token`. */
    authToken: z.string(),
    /** Store as `auth_token_number`. */
    authTokenNumber: Msisdn,
    expiresAt: DateTime,
  })
  .meta({ id: 'SmsVerifyResponse' });
