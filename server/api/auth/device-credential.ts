import crypto from 'node:crypto';
import type { Request } from 'express';
import type { ApiContext } from '../context';

/** The cookie that proves a browser signed in with a phone before (docs/api.md, "Whose allowance a code spends"). */
export const DEVICE_COOKIE = 'sms_device';
/** How long a phone's sign-in counts for the browser that made it: the phone is "returning" there. */
export const RETURNING_FOR_MS = 90 * 24 * 3600 * 1000;
/** Phones one browser keeps proof of (a family's shared computer); the oldest goes first. */
export const DEVICE_PHONES = 5;

interface Entry {
  phone: string;
  expires: number;
}

/**
 * The device credential: when a phone signs in (an SMS code verified with its challenge id, or a
 * contact Telegram signed), the API sets an httpOnly, SameSite=Lax cookie (Secure over HTTPS) for
 * the API's SMS paths, naming the phone and its expiry, signed with HMAC-SHA-256 under a key derived
 * from the SMS secret. Up to DEVICE_PHONES phones, `+998…:<expiry ms>:<mac>` each, joined by `~`.
 * A request that carries a valid entry for a phone proves that this browser received a code for it:
 * something a stranger on the same network (carrier NAT) does not have.
 */
export function createDeviceCredential(ctx: ApiContext) {
  const key = crypto.createHmac('sha256', ctx.smsSecret).update('device-credential').digest();
  const mac = (phone: string, expires: number) => crypto.createHmac('sha256', key).update(`${phone}:${expires}`).digest('base64url');

  /** The valid, unexpired entries the request carries. */
  const entries = (req: Request, now: number): Entry[] => {
    // Parsed by cookie-parser (the API's router, create-api.ts).
    const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
    if (typeof value !== 'string' || !value) return [];
    const valid: Entry[] = [];
    for (const part of value.split('~').slice(0, DEVICE_PHONES)) {
      const [phone, expiresText, signature] = part.split(':');
      const expires = Number(expiresText);
      if (!phone || !signature || !Number.isSafeInteger(expires) || expires <= now) continue;
      const expected = Buffer.from(mac(phone, expires));
      const given = Buffer.from(signature);
      if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) valid.push({ phone, expires });
    }
    return valid;
  };

  return {
    /** Whether the request proves an earlier sign-in with the phone from this browser. */
    proves(req: Request, phone: string, now: number): boolean {
      return entries(req, now).some((entry) => entry.phone === phone);
    },

    /** Sets (renews) the credential for the phone on the answer to the request that signed it in. */
    grant(req: Request, phone: string, now: number): void {
      const expires = now + RETURNING_FOR_MS;
      const kept = entries(req, now).filter((entry) => entry.phone !== phone);
      const all = [...kept, { phone, expires }].slice(-DEVICE_PHONES);
      const value = all.map((entry) => `${entry.phone}:${entry.expires}:${mac(entry.phone, entry.expires)}`).join('~');
      req.res?.cookie(DEVICE_COOKIE, value, {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'lax',
        path: `${req.baseUrl}/auth/sms`,
        maxAge: RETURNING_FOR_MS,
        encode: String,
      });
    },
  };
}

export type DeviceCredential = ReturnType<typeof createDeviceCredential>;
