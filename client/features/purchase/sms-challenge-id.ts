/**
 * The secret challenge id of the last code sent to each phone (POST /auth/sms answers it, POST
 * /auth/sms/verify must carry it: docs/api.md, "Signing in by SMS"). Kept in sessionStorage, this
 * tab only, so a reload while the SMS arrives still confirms the code; in memory where storage is
 * refused.
 */
const KEY = 'sms-challenge-ids';
const inMemory = new Map<string, string>();

function read(): Record<string, string> {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return Object.fromEntries(inMemory);
  }
}

/** Remembers the challenge id of the code just sent to the phone (a later code's replaces it). */
export function keepSmsChallengeId(phone: string, challengeId: string): void {
  inMemory.set(phone, challengeId);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [phone]: challengeId }));
  } catch {
    // Storage refused (private mode, quota): the in-memory copy serves this page's life.
  }
}

/** The challenge id of the last code sent to the phone from this tab; empty when none was. */
export function smsChallengeIdOf(phone: string): string {
  return read()[phone] ?? inMemory.get(phone) ?? '';
}
