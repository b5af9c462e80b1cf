import crypto from 'node:crypto';
import type { SmsCodeResponse } from '../../../shared/api-types';
import { SMS_CODE_SENT_LENGTH } from '../../../shared/contract/values';
import type { ApiContext } from '../context';
import { badRequest } from '../http/api-error';
import { clientKey, siteKey } from '../http/limits';
import { writeTransaction } from '../store/database';
import type { WriteHandlers } from '../write-handler';
import { confirmedPhone } from './confirmed-phone';
import { createDeviceCredential } from './device-credential';
import type { SmsChallenges } from './sms-challenge';
import { createSmsAllowance, RESEND_AFTER_MS } from './sms-allowance';

export { AUTH_TOKEN_LIFETIME_MS } from './confirmed-phone';

const SECOND = 1000;
const CODE_LIFETIME_MS = 5 * 60 * SECOND;
const MAX_ATTEMPTS = 5;

interface CodeRow {
  id: number;
  phone: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

/**
 * The SMS code that confirms a phone, and the proof of work its request needs (shared/writes/purchase.ts).
 * Its budgets count by SMS network, `siteKey` (an IPv4 /24, an IPv6 /48: one home line's /56 is
 * one network, docs/attacks/2026-11-28-writes.md F4); whose allowance a code spends: sms-allowance.ts.
 */
export function createSmsWrites(
  ctx: ApiContext,
  challenges: SmsChallenges,
): WriteHandlers<'getSmsChallenge' | 'sendSmsCode' | 'verifySmsCode'> {
  const hash = (phone: string, code: string) => crypto.createHmac('sha256', ctx.smsSecret).update(`${phone}:${code}`).digest();
  // The code a verification names by its challenge id: only its requester knows that id.
  const byChallenge = ctx.db.prepare('SELECT * FROM sms_codes WHERE challenge_hash = ? AND phone = ?');
  const challengeHash = (challengeId: string) =>
    crypto.createHmac('sha256', ctx.smsSecret).update(`challenge:${challengeId}`).digest('hex');
  const insert = ctx.db.prepare(
    'INSERT INTO sms_codes (phone, code_hash, created_at, expires_at, client_key, challenge_hash, network_key) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const failedAttempt = ctx.db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?');
  const markUsed = ctx.db.prepare('UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const allowance = createSmsAllowance(ctx);
  const device = createDeviceCredential(ctx);
  /**
   * The lowest challenge level a code to the phone asks of this client: the top past the client's
   * phones or past the phone's cap (sms-allowance.ts), unless the request proves the phone's device
   * credential: what the requester itself proves, never whether the phone signed in elsewhere.
   */
  const floorLevel = (phone: string, client: string, proven: boolean) => {
    const now = ctx.now();
    return allowance.pastClientPhones(phone, client, proven, now) || allowance.pastPhoneCap(phone, proven, now) ? challenges.top : 0;
  };

  // Checking the phone's allowance and recording the code in one transaction: two quick requests cannot both pass.
  const issue = writeTransaction(
    ctx.db,
    (phone: string, code: string, now: number, network: string, client: string, challengeId: string, proven: boolean) => {
      allowance.check(phone, network, proven, now);
      const allowanceKey = allowance.allowanceKey(network, proven);
      insert.run(phone, hash(phone, code).toString('hex'), now, now + CODE_LIFETIME_MS, client, challengeHash(challengeId), allowanceKey);
    },
  );

  return {
    // The proof of work a code request needs (sms-challenge.ts): one per request, for its phone.
    getSmsChallenge: ({ query, req }) =>
      challenges.issue(
        query.phone,
        siteKey(req.ip),
        floorLevel(query.phone, clientKey(req.ip), device.proves(req, query.phone, ctx.now())),
      ),

    sendSmsCode: async ({ body: { phone, altcha }, req }) => {
      const client = clientKey(req.ip);
      const network = siteKey(req.ip);
      // No code without a solved challenge of this phone, used once: checked (and spent) before any
      // budget counts the request, so requests without the work spend nobody's budget.
      const proven = device.proves(req, phone, ctx.now());
      await challenges.accept(altcha, phone, network, floorLevel(phone, client, proven));
      const now = ctx.now();
      const code = ctx.demoSmsCode ?? String(crypto.randomInt(0, 10 ** SMS_CODE_SENT_LENGTH)).padStart(SMS_CODE_SENT_LENGTH, '0');
      // The requester's secret: the verification of this code must carry it (128 random bits).
      const challengeId = crypto.randomBytes(16).toString('base64url');
      // A request the phone's allowance refuses anyway spends none of the budgets below. A request
      // with the phone's device credential may draw on the part of the reserve kept for returning phones.
      allowance.check(phone, network, proven, now);
      const counted = await ctx.limits.smsCode(network, network, proven ? phone : null);
      try {
        issue(phone, code, now, network, client, challengeId, proven);
      } catch (refusal) {
        // Another request for the phone won the race since the check: no code, no cost.
        await ctx.limits.smsCodeNotSent(network, counted);
        throw refusal;
      }
      ctx.smsSent('code');
      // No SMS gateway in the reference API: the code goes to the log, never in production.
      if (!ctx.production) ctx.log(`SMS code for ${phone}: ${code}`);
      const payload: SmsCodeResponse = {
        phone,
        expiresAt: new Date(now + CODE_LIFETIME_MS).toISOString(),
        resendAfterSeconds: RESEND_AFTER_MS / SECOND,
        challengeId,
        ...(ctx.production ? {} : { devCode: code }),
      };
      return payload;
    },

    // Bound to the requester (docs/attacks/2026-11-28-writes.md F2): without the challenge id its request answered, the
    // same refusal whether or not the phone has a code, and no attempt of anyone's code is spent.
    // A wrong code spends an attempt of that challenge's code only.
    // A sign-in sets the phone's device credential for this browser (device-credential.ts).
    verifySmsCode: async ({ body: { phone, code, challengeId }, req }) => {
      const now = ctx.now();
      const row = byChallenge.get(challengeHash(challengeId), phone) as CodeRow | undefined;
      if (!row || row.used_at !== null) throw badRequest('sms_code_not_requested', 'code');
      if (row.expires_at <= now) throw badRequest('sms_code_expired', 'code');
      if (row.attempts >= MAX_ATTEMPTS) throw badRequest('sms_attempts_exceeded', 'code');
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = hash(phone, code);
      if (!crypto.timingSafeEqual(expected, given)) {
        failedAttempt.run(row.id);
        throw badRequest('sms_code_invalid', 'code');
      }
      if (markUsed.run(now, row.id).changes !== 1) throw badRequest('sms_code_not_requested', 'code');
      const confirmed = await confirmedPhone(ctx, phone, now);
      device.grant(req, phone, now);
      return confirmed;
    },
  };
}
