import type { SmsCodeResponse, SmsVerifyResponse } from '../../shared/api-types';
import { apiClient } from './api-client';

/** Asks the API to text a confirmation code to the phone, with the solved challenge of this phone (`altcha`, sms-challenge.ts). */
export async function sendSmsCode(phone: string, altcha: string): Promise<SmsCodeResponse> {
  const { data } = await apiClient().post<SmsCodeResponse>('/auth/sms', { phone, altcha });
  return data;
}

/** Checks the code: the auth token and its number, for the caller to store. */
export async function verifySmsCode(phone: string, code: string): Promise<SmsVerifyResponse> {
  const { data } = await apiClient().post<SmsVerifyResponse>('/auth/sms/verify', { phone, code });
  return data;
}
