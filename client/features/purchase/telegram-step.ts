import { saveAuth } from '../../../shared/tokens';
import { confirmPhoneByTelegram, telegramPhoneDisabled } from '../../api/telegram';
import { apiErrorOf } from '../../api/api-error';

/** What sharing the phone from Telegram came to: confirmed, or a refusal in the API's words or a text key. */
export type TelegramPhoneOutcome = { ok: true } | { ok: false; message: string | null; messageKey: string; unavailable: boolean };

/**
 * The phone confirmed by Telegram instead of an SMS code (issue 53): Telegram's contact request,
 * then POST /auth/telegram with what Telegram signed; the token it brings is stored as the SMS
 * step stores its own, so the phone step shows the phone confirmed and the purchase goes on as
 * after the code. Part of the Mini App's chunk (TelegramPhoneChoice); the contact request's SDK
 * module is imported only when the visitor asks.
 */
export async function telegramPhoneStep(): Promise<TelegramPhoneOutcome> {
  let signed;
  try {
    const { shareTelegramContact } = await import('../telegram/contact');
    signed = await shareTelegramContact();
  } catch {
    return { ok: false, message: null, messageKey: 'telegram.phone.refused', unavailable: false };
  }
  try {
    saveAuth(await confirmPhoneByTelegram(signed));
    return { ok: true };
  } catch (error) {
    const failure = apiErrorOf(error);
    const unavailable = failure?.code === 'telegram_not_configured';
    if (unavailable) telegramPhoneDisabled();
    return { ok: false, message: failure?.message ?? null, messageKey: 'telegram.phone.failed', unavailable };
  }
}
