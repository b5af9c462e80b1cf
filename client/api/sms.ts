import type { SmsCodeResponse, SmsVerifyResponse } from '../../shared/api-types';
import { apiClient } from '../api-client';
import { saveAuth } from '../features/purchase/token-store';

/** Asks the API to text a confirmation code to the phone. */
export async function sendSmsCode(phone: string): Promise<SmsCodeResponse> {
  const { data } = await apiClient().post<SmsCodeResponse>('/auth/sms', { phone });
  return data;
}

/** Checks the code; the auth token it returns is stored with its number. */
export async function verifySmsCode(phone: string, code: string): Promise<SmsVerifyResponse> {
  const { data } = await apiClient().post<SmsVerifyResponse>('/auth/sms/verify', { phone, code });
  saveAuth(data);
  return data;
}
