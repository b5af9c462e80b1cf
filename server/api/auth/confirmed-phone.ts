import type { SmsVerifyResponse } from '../../../shared/api-types';
import type { ApiContext } from '../context';

/** How long the auth token of a confirmed phone lasts, however it was confirmed. */
export const AUTH_TOKEN_LIFETIME_MS = 12 * 3600 * 1000;

/**
 * The answer for a phone just confirmed: its auth token (kind `auth`, the phone as subject and
 * number) and when it ends. The one place that mints it, for the SMS code (sms-routes.ts) and for
 * the contact Telegram signed (telegram-routes.ts): whatever confirmed the phone, the token is the
 * same, and so is every limit that counts by phone (bookings, orders, bids, watches).
 */
export async function confirmedPhone(ctx: ApiContext, phone: string, now: number): Promise<SmsVerifyResponse> {
  const expiresAt = now + AUTH_TOKEN_LIFETIME_MS;
  return {
    authToken: await ctx.tokens.sign({ kind: 'auth', sub: phone, expiresAtMs: expiresAt, num: phone }),
    authTokenNumber: phone,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
