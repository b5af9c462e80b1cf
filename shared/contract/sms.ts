import { z } from 'zod';
import { checkUzPhone } from '../validation';
import { DateTime, Int, Msisdn, text } from './common';
import { checked } from './checked';

const phone = checked(text(40), checkUzPhone);

export const SmsCodeBody = z.strictObject({ phone });
export const SmsVerifyBody = z.strictObject({
  phone,
  code: text(10)
    .trim()
    .regex(/^\d{4,8}$/),
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
