import { useEffect, useState } from 'react';
import { saveAuth } from '../../../shared/tokens';
import { confirmPhoneByTelegram, telegramPhoneDisabled, telegramPhoneEnabled } from '../../api/telegram';
import { useHydrated } from '../../components/use-hydrated';
import { inTelegramShell } from '../../platform/telegram/shell';
import { apiErrorOf } from './api-error';

export type TelegramPhoneOutcome =
  | { intent: 'phone-telegram'; ok: true }
  | { intent: 'phone-telegram'; ok: false; message: string | null; messageKey: string; unavailable: boolean };

/**
 * The phone confirmed by Telegram instead of an SMS code (issue 53): Telegram's contact request,
 * then POST /auth/telegram with what Telegram signed; the token it brings is stored as the SMS
 * step stores its own (same state, same next step). Called by the pages' actions (intent
 * `phone-telegram`, through smsStep); the SDK is imported only now, from the Mini App's chunk.
 */
export async function telegramPhoneStep(): Promise<TelegramPhoneOutcome> {
  const intent = 'phone-telegram' as const;
  let signed;
  try {
    const { shareTelegramContact } = await import('../../platform/telegram/contact');
    signed = await shareTelegramContact();
  } catch {
    return { intent, ok: false, message: null, messageKey: 'purchase.phone.telegram.refused', unavailable: false };
  }
  try {
    saveAuth(await confirmPhoneByTelegram(signed));
    return { intent, ok: true };
  } catch (error) {
    const failure = apiErrorOf(error);
    const unavailable = failure?.code === 'telegram_not_configured';
    if (unavailable) telegramPhoneDisabled();
    return { intent, ok: false, message: failure?.message ?? null, messageKey: 'purchase.phone.telegram.failed', unavailable };
  }
}

/**
 * Whether the phone step offers Telegram's contact: only inside the Mini App and when the API
 * confirms phones that way. A capability of the API, asked once per page after hydration (there
 * is no loader for it: the step is part of several pages), never data shown from an effect.
 */
export function useTelegramPhoneOffered(): boolean {
  const hydrated = useHydrated();
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    if (!hydrated || !inTelegramShell()) return undefined;
    let current = true;
    void telegramPhoneEnabled().then((value) => current && setEnabled(value));
    return () => {
      current = false;
    };
  }, [hydrated]);
  return enabled;
}
