import type { SmsChallenge } from '../../shared/api-types';
import { send } from './writer';

/**
 * A proof-of-work challenge for a code request to the phone (GET /auth/sms/challenge), to solve
 * before asking. A module of its own: only the solver's lazy chunk
 * (client/features/purchase/sms-challenge.ts) imports it, so it stays out of the first load.
 */
export function fetchSmsChallenge(phone: string): Promise<SmsChallenge> {
  return send('getSmsChallenge', { query: { phone } });
}
