import type { SmsCodeResponse, SmsVerifyResponse } from '../../shared/api-types';
import { send } from './writer';

/** Asks the API to text a confirmation code to the phone, with the solved challenge of this phone (`altcha`, sms-challenge.ts). */
export function sendSmsCode(phone: string, altcha: string): Promise<SmsCodeResponse> {
  return send('sendSmsCode', { body: { phone, altcha } });
}

/** Checks the code with the challenge id its request answered: the auth token and its number, for the caller to store. */
export function verifySmsCode(phone: string, code: string, challengeId: string): Promise<SmsVerifyResponse> {
  return send('verifySmsCode', { body: { phone, code, challengeId } });
}
