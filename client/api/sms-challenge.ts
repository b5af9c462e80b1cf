import type { SmsChallenge } from '../../shared/api-types';
import { apiClient } from './api-client';

/**
 * A proof-of-work challenge for a code request to the phone (GET /auth/sms/challenge), to solve
 * before asking. A module of its own: only the solver's lazy chunk
 * (client/features/purchase/sms-challenge.ts) imports it, so it stays out of the first load.
 */
export async function fetchSmsChallenge(phone: string): Promise<SmsChallenge> {
  const { data } = await apiClient().get<SmsChallenge>('/auth/sms/challenge', { params: { phone } });
  return data;
}
