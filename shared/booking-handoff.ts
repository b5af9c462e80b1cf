import { localizePath, type Language } from './languages';

/**
 * A number chosen without JavaScript (issue 63): the site's server reserves it and hands the
 * booking's token to the browser in this cookie, on the numbers page's path alone, for a few
 * minutes; the page, once its scripts run, moves the token into storage (where every booking
 * token lives, tokens.ts) and clears the cookie. Not httpOnly: the page's script must read it.
 * SameSite=Strict (never sent with another site's request), Secure over HTTPS.
 */
export const BOOKING_HANDOFF_COOKIE = 'oq_booking_handoff';

/** Long enough for the scripts of a slow phone to arrive; the booking itself lasts longer. */
export const BOOKING_HANDOFF_MAX_AGE_SECONDS = 300;

/** The numbers page of a language: where the form posts, the cookie's path and where the visitor is sent back. */
export const numbersPagePath = (lang: Language): string => localizePath('/numbers', lang);

/** A JWT as the API mints it: three base64url parts. Anything else in the cookie is ignored. */
const TOKEN_SHAPE = /^[\w-]{1,2000}\.[\w-]{1,2000}\.[\w-]{1,2000}$/;

/** The handoff token in a `Cookie` header (or `document.cookie`), when it has a token's shape. */
export function handoffTokenIn(cookies: string | null | undefined): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BOOKING_HANDOFF_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_SHAPE.test(value) ? value : null;
  }
  return null;
}

/**
 * What the server says of a number chosen without JavaScript, on the page it answers with: the
 * booking made (its number and end), or the refusal (taken by someone else, or the API's message).
 */
export type ServerChoice =
  { ok: true; number: string; expiresAtMs: number } | { ok: false; number: string; taken: boolean; message: string | null };
