import { SMS_CODE_PATTERN } from '../../../shared/contract/values';
import { checkUzPhone, validationMessageKey } from '../../../shared/validation';
import { sendSmsCode, verifySmsCode } from '../../api/sms';
import { saveAuth } from '../../../shared/tokens';
import { apiErrorOf } from '../../api/api-error';
import { readDraft, updateDraft } from './purchase-draft';
import type { ErrorCode } from '../../../shared/contract/errors';

/** Refusals of a solved challenge that a new one cures (the budgets filled since, or it aged): solved again, asked once more. */
const SOLVE_AGAIN: readonly ErrorCode[] = [
  'sms_challenge_too_easy',
  'sms_challenge_expired',
  'sms_challenge_used',
  'sms_challenge_invalid',
];

/** A code request with a solved challenge of the phone (sms-challenge.ts, its own chunk), and once more with a new one if that cures a refusal. */
async function requestCode(phone: string) {
  const { takeSmsChallenge } = await import('./sms-challenge');
  try {
    return await sendSmsCode(phone, await takeSmsChallenge(phone));
  } catch (error) {
    if (!SOLVE_AGAIN.includes(apiErrorOf(error)?.code as ErrorCode)) throw error;
    return sendSmsCode(phone, await takeSmsChallenge(phone));
  }
}

/** The SMS step's two mutations, handled by the action of each page that shows the step. */
export type SmsIntent = 'sms-send' | 'sms-verify';

/** A refusal: the API's own words, else a text key the form translates. */
interface Refusal {
  message: string | null;
  messageKey: string;
}

export type SmsOutcome =
  | { intent: 'sms-send'; ok: true; phone: string }
  | ({ intent: 'sms-send'; ok: false; codeStillValidFor: string | null } & Refusal)
  | { intent: 'sms-verify'; ok: true }
  | ({ intent: 'sms-verify'; ok: false } & Refusal);

export function isSmsIntent(intent: unknown): intent is SmsIntent {
  return intent === 'sms-send' || intent === 'sms-verify';
}

/**
 * Sends a code to the typed phone, or checks the code sent to it and stores the auth token it
 * brings. Called by the action of each page that shows the step (its `actions.ts`, intents
 * `sms-send` and `sms-verify`); its outcome is the fetcher's data: PhoneVerification shows it.
 */
export async function smsStep(intent: SmsIntent, fields: { phone?: unknown; code?: unknown }): Promise<SmsOutcome> {
  const phone = typeof fields.phone === 'string' ? fields.phone : '';
  if (intent === 'sms-send') {
    const checked = checkUzPhone(phone);
    if (!checked.ok) return { intent, ok: false, codeStillValidFor: null, message: null, messageKey: validationMessageKey(checked.error) };
    try {
      const sent = await requestCode(checked.value);
      // Only this tab can confirm the code: the verification carries the secret its request answered.
      updateDraft({ smsChallenge: { phone: sent.phone, id: sent.challengeId } });
      return { intent, ok: true, phone: sent.phone };
    } catch (error) {
      const failure = apiErrorOf(error);
      // Too soon for a new code: the last one is still valid, so the visitor may type it.
      return {
        intent,
        ok: false,
        codeStillValidFor: failure?.code === 'sms_rate_limited' ? checked.value : null,
        message: failure?.message ?? null,
        messageKey: 'purchase.phone.sendFailed',
      };
    }
  }
  const code = typeof fields.code === 'string' ? fields.code.trim() : '';
  if (!SMS_CODE_PATTERN.test(code)) return { intent, ok: false, message: null, messageKey: 'purchase.phone.codeFormat' };
  try {
    const sent = readDraft().smsChallenge;
    saveAuth(await verifySmsCode(phone, code, sent?.phone === phone ? sent.id : ''));
    return { intent, ok: true };
  } catch (error) {
    return { intent, ok: false, message: apiErrorOf(error)?.message ?? null, messageKey: 'purchase.phone.verifyFailed' };
  }
}
