import { requestContactComplete, retrieveRawInitData } from '@telegram-apps/sdk-react';

/** What the API's POST /auth/telegram verifies: both as Telegram signed them, never parsed. */
export interface SignedPhone {
  initData: string;
  contact: string;
}

/** The visitor said no to sharing their phone (or the Telegram app cannot ask). */
export class ContactRefused extends Error {}

/**
 * Asks Telegram for the visitor's phone (its contact request: the visitor confirms in Telegram's
 * own dialog) and returns the signed contact with the Mini App's signed launch data. Imported by
 * the phone step only when the visitor asks for it, so its SDK stays in the Mini App's chunk.
 */
export async function shareTelegramContact(): Promise<SignedPhone> {
  const initData = retrieveRawInitData();
  if (!initData || !requestContactComplete.isAvailable()) throw new ContactRefused('contact request unavailable');
  try {
    const { raw } = await requestContactComplete({ timeout: 60_000 });
    return { initData, contact: raw };
  } catch (error) {
    throw new ContactRefused(error instanceof Error ? error.message : 'contact request failed');
  }
}
