import crypto from 'node:crypto';
import type { EsimProfile } from '../../../shared/api-types';
import type { ApiContext } from '../context';

/** The demo SM-DP+ server: a name under the operator's own domain that nothing here ever contacts. */
export const DEFAULT_SMDP_ADDRESS = 'smdp-demo.oq.uz';

/** An SM-DP+ address as it may stand in an activation code: a host name, no `$` or spaces. */
export const SMDP_ADDRESS = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

interface ProfileRow {
  order_id: string;
  smdp_address: string;
  matching_id: string;
  confirmation_code: string | null;
  issued_at: number;
}

/**
 * The activation code of GSMA SGP.22 (4.1): `LPA:1$<SM-DP+ address>$<matching ID>`, and
 * `$<SM-DP+ OID>$1` after it only when a confirmation code is required (the OID may be empty).
 */
export function activationCode(profile: { smdpAddress: string; matchingId: string; confirmationCode: string | null }): string {
  const code = `LPA:1$${profile.smdpAddress}$${profile.matchingId}`;
  return profile.confirmationCode === null ? code : `${code}$$1`;
}

/** 32 upper-case hexadecimal characters: 128 random bits, so two orders never share one. */
export function newMatchingId(): string {
  return crypto.randomBytes(16).toString('hex').toUpperCase();
}

/** Eight digits, typed by the visitor on the phone while the profile installs. */
function newConfirmationCode(): string {
  return String(crypto.randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * The eSIM profile of an activated eSIM order: issued once, in the transaction that activates the
 * order, and read back only with the order (whose route checks the order's or the owner's token).
 * It is a credential: it never goes into a log line, an error or a URL.
 */
export function createEsimProfiles(ctx: ApiContext) {
  const settings = ctx.esim;
  const insert = ctx.db.prepare(
    `INSERT INTO esim_profiles (order_id, smdp_address, matching_id, confirmation_code, issued_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (order_id) DO NOTHING`,
  );
  const byOrder = ctx.db.prepare('SELECT * FROM esim_profiles WHERE order_id = ?');

  return {
    /** Called inside the activating write transaction; a second call for the same order keeps the first profile. */
    issue(orderId: string, now: number): void {
      insert.run(orderId, settings.smdpAddress, newMatchingId(), settings.confirmationCode ? newConfirmationCode() : null, now);
    },
    find(orderId: string): EsimProfile | null {
      const row = byOrder.get(orderId) as ProfileRow | undefined;
      if (!row) return null;
      const profile = { smdpAddress: row.smdp_address, matchingId: row.matching_id, confirmationCode: row.confirmation_code };
      return { ...profile, activationCode: activationCode(profile) };
    },
  };
}

export type EsimProfiles = ReturnType<typeof createEsimProfiles>;
