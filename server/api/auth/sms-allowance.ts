import type { ApiContext } from '../context';
import { tooManyRequests } from '../http/limits';

const SECOND = 1000;
export const RESEND_AFTER_MS = 60 * SECOND;
export const HOUR_MS = 3600 * SECOND;
/** Codes to one phone an hour asked from one SMS network (siteKey): what its owner may use up, and a stranger there too. */
export const CODES_PER_PHONE_AND_NETWORK = 5;
/** Codes to one phone an hour from all networks together, for requests without the phone's device credential. */
export const CODES_PER_PHONE = 15;
/** The allowance key of codes asked with the phone's device credential, in place of their network: theirs alone. */
export const DEVICE_ALLOWANCE = 'device';
/** Past CODES_PER_PHONE within the hour, one more code to the phone per this much time, to whoever asks first, at the top level. */
export const PAST_CAP_SPACING_MS = 5 * 60 * SECOND;

/**
 * Who may have a code sent to a phone, read from the codes themselves (sms_codes), so each count
 * is exact over any hour (docs/api.md, "Whose allowance a code spends"). `proven`: the request
 * carries the phone's device credential (device-credential.ts), set when this browser signed in
 * with the phone; nothing else about the phone's past (where it signed in, whether it is a
 * customer) changes an answer, so probing phones tells nobody anything about other people.
 * - a phone's codes count per SMS network (an IPv4 /24, an IPv6 /48: siteKey), 1 a minute and
 *   CODES_PER_PHONE_AND_NETWORK an hour, so strangers elsewhere spend none of the owner's network's;
 *   proven codes count apart from any network's (`allowanceKey`), so strangers on the owner's own
 *   network (carrier NAT) spend none of them either;
 * - CODES_PER_PHONE an hour from all networks together bounds what strangers send a phone; past it,
 *   one code per PAST_CAP_SPACING_MS (at the challenge's top level, `pastPhoneCap`) instead of none
 *   for the hour, and a proven request is not held by it at all;
 * - the phones one client (address) had codes sent to: past LIMIT_SMS_PHONES_PER_HOUR a new one
 *   asks the challenge's top level instead of a refusal, so a neighbour behind the same NAT
 *   address still signs in; a proven phone never.
 */
export function createSmsAllowance(ctx: ApiContext) {
  const ofPhoneHere = ctx.db.prepare(
    'SELECT created_at FROM sms_codes WHERE phone = ? AND network_key = ? AND created_at > ? ORDER BY created_at ASC, id ASC',
  );
  const ofPhone = ctx.db.prepare('SELECT created_at FROM sms_codes WHERE phone = ? AND created_at > ? ORDER BY created_at ASC, id ASC');
  const phonesOfClient = ctx.db.prepare('SELECT DISTINCT phone FROM sms_codes WHERE client_key = ? AND created_at > ?');
  const codesToPhone = (phone: string, now: number) =>
    (ofPhone.all(phone, now - HOUR_MS) as { created_at: number }[]).map((row) => row.created_at);

  return {
    /** The allowance a code counts in (sms_codes.network_key): its network's, or the proven codes' own. */
    allowanceKey: (network: string, proven: boolean) => (proven ? DEVICE_ALLOWANCE : network),

    /** Whether a code to the phone asks this client's challenge at the top level: a new phone past the client's LIMIT_SMS_PHONES_PER_HOUR. */
    pastClientPhones(phone: string, client: string, proven: boolean, now: number): boolean {
      if (proven) return false;
      const phones = (phonesOfClient.all(client, now - HOUR_MS) as { phone: string }[]).map((row) => row.phone);
      return phones.length >= ctx.limits.limits.smsPhonesPerHour && !phones.includes(phone);
    },

    /** Whether an unproven code to the phone is past the phone's CODES_PER_PHONE: then it asks the top level. */
    pastPhoneCap(phone: string, proven: boolean, now: number): boolean {
      return !proven && codesToPhone(phone, now).length >= CODES_PER_PHONE;
    },

    /** Throws a 429 sms_rate_limited when the phone may have no code from this network (or with its credential) now. */
    check(phone: string, network: string, proven: boolean, now: number): void {
      const here = (ofPhoneHere.all(phone, proven ? DEVICE_ALLOWANCE : network, now - HOUR_MS) as { created_at: number }[]).map(
        (row) => row.created_at,
      );
      const last = here[here.length - 1];
      if (last !== undefined && now - last < RESEND_AFTER_MS) throw tooManyRequests('sms_rate_limited', last + RESEND_AFTER_MS - now);
      if (here.length >= CODES_PER_PHONE_AND_NETWORK)
        throw tooManyRequests('sms_rate_limited', here[here.length - CODES_PER_PHONE_AND_NETWORK] + HOUR_MS - now);
      if (proven) return;
      const all = codesToPhone(phone, now);
      const latest = all[all.length - 1];
      // Past the cap, not none for the hour: the next code PAST_CAP_SPACING_MS after the latest, whoever asked it.
      if (all.length >= CODES_PER_PHONE && now - latest < PAST_CAP_SPACING_MS)
        throw tooManyRequests('sms_rate_limited', latest + PAST_CAP_SPACING_MS - now);
    },
  };
}

export type SmsAllowance = ReturnType<typeof createSmsAllowance>;
