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
