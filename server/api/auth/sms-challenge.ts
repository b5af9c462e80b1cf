import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { SmsChallenge } from '../../../shared/contract';
import type { SmsChallenge as Challenge } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { badRequest, type ErrorCode } from '../http/api-error';
import type { SmsPressure } from '../http/limits';
import { usedOnce } from '../store/used-once';

/**
 * The proof of work every SMS code request carries (issue 61): an ALTCHA v2 challenge
 * (altcha-lib), issued by GET /auth/sms/challenge for one phone, solved by the visitor's browser
 * while they type, sent back in `altcha` of POST /auth/sms and checked there before any budget
 * counts the request. Signed (HMAC, keys derived from the SMS secret, itself from JWT_SECRET),
 * bound to its phone, valid for CHALLENGE_LIFETIME_MS, good for one code (its signature is kept in
 * the store, so every cluster worker refuses it again), and harder as the SMS budgets fill:
 * `levelFor` below, the figures in docs/api.md ("SMS challenges").
 *
 * Deterministic mode: the API draws the counter and signs the key it derives (one PBKDF2 of COST
 * iterations per issue), so the solver must try every counter from 0 up to it (counter + 1 keys,
 * a known amount of work, never a lucky or unlucky draw), and the check is one HMAC of the key.
 */
export interface SmsChallengeSettings {
  /** The most keys a challenge asks at level 0: its counter is drawn from 0 to all of it, half of it on average (SMS_CHALLENGE_WORK). */
  work: number;
  /** How many times the top level's work is level 0's: a power of two, one level per doubling (SMS_CHALLENGE_MAX_FACTOR). */
  maxFactor: number;
}

/** What a challenge's life brings to the metrics: issued or accepted at a level, or refused for a reason. */
export type SmsChallengeEvent = { outcome: 'issued' | 'accepted'; level: number } | { outcome: 'refused'; reason: ErrorCode };

/**
 * Level 0 asks up to 900 keys of PBKDF2/SHA-256 at 1,000 iterations, 450 on average: about 0.1 s of a desktop
 * core, well under a second on a slow phone (bench/README.md, bench:altcha), done while the
 * visitor types. Sixteen times that at the top (four levels): seconds on a slow phone, asked only
 * while the budgets are under pressure.
 */
export const DEFAULT_SMS_CHALLENGE: SmsChallengeSettings = { work: 900, maxFactor: 16 };

export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per key: enough that the browser's per-key overhead is small beside the work, little enough that an issue costs the API about 0.3 ms. */
export const CHALLENGE_COST = 1000;
/** How long a challenge may be solved and used: the phone typed, the code asked, a slow phone's top level. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The top difficulty level of the settings: log2 of the factor. */
export const topLevel = (settings: SmsChallengeSettings) => Math.round(Math.log2(settings.maxFactor));

/**
 * The level a code request must have solved at, from how full the budgets are now: the higher of
 * the network's hour (its codes against LIMIT_SMS_PER_NETWORK_PER_HOUR) and the total's (its SMS
 * against the open part, all but the reserve), one level per 1/top of the way, the top level once
 * the open part is spent (only the reserve is left). Each level doubles the work.
 */
export function levelFor(pressure: SmsPressure, perNetwork: number, settings: SmsChallengeSettings): number {
  const top = topLevel(settings);
  if (pressure.total >= pressure.open) return top;
  const fill = Math.max(pressure.total / pressure.open, pressure.network / perNetwork);
  return Math.min(top, Math.floor(top * fill));
}

/** The most counter a challenge of the level asks (its counter is drawn from 0 to all of it). */
export const counterCeiling = (level: number, settings: SmsChallengeSettings) => settings.work * 2 ** level;

/** What POST /auth/sms carries in `altcha`, once decoded from base64 and parsed. */
const Payload = z.object({
  challenge: SmsChallenge,
  solution: z.object({ counter: z.int().min(0), derivedKey: z.string().max(256) }),
});

export function createSmsChallenges(
  ctx: ApiContext,
  settings: SmsChallengeSettings,
  onEvent: (event: SmsChallengeEvent) => void = () => undefined,
) {
  // Two keys of their own, derived from the SMS secret: the challenge's signature and its key's.
  const secret = (purpose: string) => crypto.createHmac('sha256', ctx.smsSecret).update(`altcha:${purpose}`).digest('hex');
  const hmacSignatureSecret = secret('challenge');
  const hmacKeySignatureSecret = secret('key');
  const firstUse = usedOnce(ctx.db, 'sms_challenges_used', 'signature');
  const perNetwork = ctx.limits.limits.smsPerNetworkPerHour;
  // Never below `floor`: the top level for a client past its phones of the hour (sms-allowance.ts).
  const requiredLevel = async (network: string, floor: number) =>
    Math.max(floor, levelFor(await ctx.limits.smsPressure(network), perNetwork, settings));

  const refuse = (reason: ErrorCode) => {
    onEvent({ outcome: 'refused', reason });
    return badRequest(reason, 'altcha');
  };

  return {
    /** The top difficulty level of these settings. */
    top: topLevel(settings),

    /** A challenge for the phone, as hard as the budgets' fill for the network asks now, and at least `floor`. */
    async issue(phone: string, network: string, floor = 0): Promise<Challenge> {
      const level = await requiredLevel(network, floor);
      const ceiling = counterCeiling(level, settings);
      const challenge = await createChallenge({
        algorithm: CHALLENGE_ALGORITHM,
        cost: CHALLENGE_COST,
        // From 0, not from a floor: the signed level names the ceiling, and a floor would be work a
        // solver knows it can skip (counting from half the ceiling once took a third of the work).
        counter: crypto.randomInt(0, ceiling + 1),
        deriveKey,
        // The expiry is the API's clock's (ctx.now), checked here: altcha-lib would read Date.now.
        data: { phone, level, expires: ctx.now() + CHALLENGE_LIFETIME_MS },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      onEvent({ outcome: 'issued', level });
      return challenge as Challenge;
    },

    /**
     * Checks the solved challenge of a code request for the phone and spends it; throws a 400
     * naming `altcha` otherwise. Reads the budgets' fill, counts nothing in them.
     */
    async accept(altcha: string | undefined, phone: string, network: string, floor = 0): Promise<void> {
      if (!altcha) throw refuse('sms_challenge_required');
      let payload: z.output<typeof Payload>;
      try {
        payload = Payload.parse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
      } catch {
        throw refuse('sms_challenge_invalid');
      }
      const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      if (!result.verified) throw refuse('sms_challenge_invalid');
      // Signed data from here on.
      const { data } = payload.challenge.parameters;
      const now = ctx.now();
      if (data.expires <= now) throw refuse('sms_challenge_expired');
      if (data.phone !== phone) throw refuse('sms_challenge_phone_mismatch');
      // Asked again now, not at issue: challenges fetched cheap before a rush cannot be spent in it.
      if (data.level < (await requiredLevel(network, floor))) throw refuse('sms_challenge_too_easy');
      if (!firstUse(payload.challenge.signature, data.expires, now)) throw refuse('sms_challenge_used');
      onEvent({ outcome: 'accepted', level: data.level });
    },
  };
}

export type SmsChallenges = ReturnType<typeof createSmsChallenges>;
