import type { Request } from 'express';
import { checkUzPhone } from '../../../shared/validation';
import type { ApiContext, TelegramSettings } from '../context';
import { ApiError } from '../http/api-error';
import { clientKey, networkKey } from '../http/limits';
import { usedOnce } from '../store/used-once';
import type { WriteHandlers } from '../write-handler';
import { confirmedPhone } from './confirmed-phone';
import { createDeviceCredential } from './device-credential';
import { initDataUser, lastAcceptedAt, refusal, sharedContact, signedData } from './telegram-data';

/**
 * POST /auth/telegram: inside Telegram's Mini App, the phone the visitor shared through Telegram's
 * contact request confirms it instead of an SMS code, with the same answer as /auth/sms/verify.
 * No SMS is sent, so the SMS budgets never count it; the phones a client (and its network) confirms
 * this way are limited as SMS codes are, so many Telegram accounts gain nothing over SMS from one
 * address. The auth token is the phone's like any other, so every limit by phone (bookings, orders) does.
 */
export function createTelegramWrites(ctx: ApiContext): WriteHandlers<'confirmPhoneByTelegram'> {
  /** Whether the signed contact is used for the first time (store/used-once.ts). */
  const firstUse = usedOnce(ctx.db, 'telegram_contacts_used', 'hash');
  // A phone confirmed this way proves it as an SMS sign-in does: the browser gets its device credential.
  const device = createDeviceCredential(ctx);

  const confirm = async (settings: TelegramSettings, input: { initData: string; contact: string }, req: Request) => {
    const now = ctx.now();
    const ip = req.ip;
    try {
      const user = initDataUser(signedData(input.initData, 'initData', settings, now));
      const signedContact = signedData(input.contact, 'contact', settings, now);
      const contact = sharedContact(signedContact);
      if (contact.user_id !== user.id) throw refusal(401, 'telegram_user_mismatch', 'contact');
      // Telegram writes the number with or without its +; the SMS step's own check says whether it is Uzbek.
      const phone = checkUzPhone(contact.phone_number);
      if (!phone.ok) throw refusal(400, 'telegram_phone_not_uzbek', 'contact');
      const client = clientKey(ip);
      const network = networkKey(ip);
      // Counted before the contact is marked used, so a refusal here leaves it usable.
      await ctx.limits.telegramPhone(client, network);
      if (!firstUse(signedContact.hash, lastAcceptedAt(signedContact.authDateMs), now)) {
        await ctx.limits.telegramPhoneNotConfirmed(client, network);
        throw refusal(409, 'telegram_contact_used', 'contact');
      }
      const confirmed = await confirmedPhone(ctx, phone.value, now);
      device.grant(req, phone.value, now);
      return confirmed;
    } catch (error) {
      // What Telegram's data was refused for, never the data, the phone or the Telegram user.
      if (error instanceof ApiError)
        ctx.log(`Phone through Telegram refused: ${error.code}${error.options.field ? ` on ${error.options.field}` : ''}`);
      throw error;
    }
  };

  return {
    confirmPhoneByTelegram: {
      before: () => {
        const settings = ctx.telegram;
        // The site's Mini App falls back to the SMS step on this code, answered before the body is
        // read: a body of the wrong shape is answered as anywhere and not logged, and the Mini App
        // sends an empty one to learn whether this route is on.
        if (!settings) throw new ApiError(404, 'telegram_not_configured');
        return ({ body, req }) => confirm(settings, body, req);
      },
    },
  };
}
