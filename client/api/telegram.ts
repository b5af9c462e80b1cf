import type { SmsVerifyResponse } from '../../shared/api-types';
import { send } from './writer';

/** What Telegram signed, as it came: the Mini App's launch data and the shared contact. */
export interface TelegramSignedPhone {
  initData: string;
  contact: string;
}

/**
 * Confirms the phone of the contact the visitor shared through Telegram (POST /auth/telegram):
 * the auth token and its number, as the SMS step's answer, for the caller to store.
 */
export function confirmPhoneByTelegram(signed: TelegramSignedPhone): Promise<SmsVerifyResponse> {
  return send('confirmPhoneByTelegram', { body: signed });
}

let enabled: Promise<boolean> | null = null;

/**
 * Whether the API confirms phones through Telegram (it has a bot token). The API has no read that
 * says so: POST /auth/telegram answers 404 `telegram_not_configured` before it reads the body, and
 * 400 for the empty body otherwise (docs/api.md, "Phones confirmed by Telegram"). Asked once per page with fetch, not the shared client,
 * whose error toast is for the visitor's own requests.
 */
export function telegramPhoneEnabled(): Promise<boolean> {
  enabled ??= fetch(`${window.__APP__.config.apiBaseUrl}/auth/telegram`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
    // 400: the body refused, so the route is there (missing_field); 404: telegram_not_configured.
    .then((res) => res.status === 400)
    .catch(() => false);
  return enabled;
}

/** The API said it does not confirm phones through Telegram after all: the SMS step only. */
export function telegramPhoneDisabled(): void {
  enabled = Promise.resolve(false);
}

/** Tests: ask again. */
export function forgetTelegramPhoneEnabled(): void {
  enabled = null;
}
