import type { ApiContext } from '../context';
import { tooManyRequests } from '../http/limits';

const SECOND = 1000;
export const RESEND_AFTER_MS = 60 * SECOND;
export const HOUR_MS = 3600 * SECOND;
/** Codes to one phone an hour asked from one SMS network (siteKey): what its owner may use up, and a stranger there too. */
export const CODES_PER_PHONE_AND_NETWORK = 5;
/** Codes to one phone an hour from all networks together, except networks the phone signed in from before. */
export const CODES_PER_PHONE = 15;
/** How long a phone that signed in from a network counts there as returning. */
export const RETURNING_FOR_MS = 90 * 24 * HOUR_MS;

/**
 * Who may have a code sent to a phone, read from the codes themselves (sms_codes), so each count
 * is exact over any hour (docs/api.md, "Whose allowance a code spends"):
 * - a phone's codes count per SMS network (an IPv4 /24, an IPv6 /48: siteKey), 1 a minute and
 *   CODES_PER_PHONE_AND_NETWORK an hour, so strangers elsewhere spend none of the owner's network's;
 * - CODES_PER_PHONE an hour from all networks together bounds what strangers send a phone, and
 *   does not hold for a network the phone signed in from within RETURNING_FOR_MS (a "returning"
 *   phone there): strangers alone cannot lock out an owner who signed in before;
 * - the phones one client (address) had codes sent to: past LIMIT_SMS_PHONES_PER_HOUR a new one
 *   asks the challenge's top level instead of a refusal, so a neighbour behind the same NAT
 *   address still signs in; a returning phone never.
 */
export function createSmsAllowance(ctx: ApiContext) {
  const ofPhoneHere = ctx.db.prepare(
    'SELECT created_at FROM sms_codes WHERE phone = ? AND network_key = ? AND created_at > ? ORDER BY created_at ASC, id ASC',
  );
  const ofPhone = ctx.db.prepare('SELECT created_at FROM sms_codes WHERE phone = ? AND created_at > ? ORDER BY created_at ASC, id ASC');
  const signedInHere = ctx.db.prepare(
    'SELECT 1 FROM sms_codes WHERE phone = ? AND network_key = ? AND used_at IS NOT NULL AND used_at > ? LIMIT 1',
  );
  const phonesOfClient = ctx.db.prepare('SELECT DISTINCT phone FROM sms_codes WHERE client_key = ? AND created_at > ?');

  const returning = (phone: string, network: string, now: number) => signedInHere.get(phone, network, now - RETURNING_FOR_MS) !== undefined;

  return {
    returning,

    /** Whether a code to the phone asks this client's challenge at the top level: a new phone past the client's LIMIT_SMS_PHONES_PER_HOUR. */
    pastClientPhones(phone: string, client: string, network: string, now: number): boolean {
      const phones = (phonesOfClient.all(client, now - HOUR_MS) as { phone: string }[]).map((row) => row.phone);
      if (phones.length < ctx.limits.limits.smsPhonesPerHour || phones.includes(phone)) return false;
      return !returning(phone, network, now);
    },

    /** Throws a 429 sms_rate_limited when the phone may have no code from this network now. */
    check(phone: string, network: string, now: number): void {
      const here = (ofPhoneHere.all(phone, network, now - HOUR_MS) as { created_at: number }[]).map((row) => row.created_at);
      const last = here[here.length - 1];
      if (last !== undefined && now - last < RESEND_AFTER_MS) throw tooManyRequests('sms_rate_limited', last + RESEND_AFTER_MS - now);
      if (here.length >= CODES_PER_PHONE_AND_NETWORK)
        throw tooManyRequests('sms_rate_limited', here[here.length - CODES_PER_PHONE_AND_NETWORK] + HOUR_MS - now);
      if (returning(phone, network, now)) return;
      const all = (ofPhone.all(phone, now - HOUR_MS) as { created_at: number }[]).map((row) => row.created_at);
      if (all.length >= CODES_PER_PHONE) throw tooManyRequests('sms_rate_limited', all[all.length - CODES_PER_PHONE] + HOUR_MS - now);
    },
  };
}

export type SmsAllowance = ReturnType<typeof createSmsAllowance>;
