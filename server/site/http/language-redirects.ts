import type { NextFunction, Request, Response } from 'express';
import { languageOfAcceptLanguage } from '../../../shared/accept-language';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, isLanguage, type Language } from '../../../shared/languages';
import { sameOriginPath } from '../../../shared/paths';
import { isBot } from './bots';

/** The language a visitor prefers for `/`: the remembered cookie, else Accept-Language; ru when unsure. */
export function preferredLanguage(cookieValue: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  return (acceptLanguage && languageOfAcceptLanguage(acceptLanguage)) || 'ru';
}

/** `/ru` and the pages under it: spelled without the prefix (301). */
export const RU_PREFIXED = /^\/ru(\/|$)/;

/** What `/` varies by, besides the encoding: what it redirects a visitor by. */
export const ROOT_VARY = ['Cookie', 'Accept-Language'] as const;

/**
 * The language `/` sends a visitor to (302), or null when `/` is their page: a bot, or a visitor
 * whose cookie or Accept-Language says Russian. `cookies` as cookie-parser read them.
 */
export function rootRedirectLanguage(userAgent: string | undefined, cookies: unknown, acceptLanguage: string | undefined): Language | null {
  if (isBot(userAgent)) return null;
  const lang = preferredLanguage((cookies as Record<string, unknown> | undefined)?.[LANGUAGE_COOKIE], acceptLanguage);
  return lang === 'ru' ? null : lang;
}

function queryOf(req: Request): string {
  const index = req.originalUrl.indexOf('?');
  return index === -1 ? '' : req.originalUrl.slice(index);
}

/**
 * URL normalisation and language redirects (DESIGN.md, request path step 2):
 * `/ru/...` -> 301 unprefixed; trailing slash -> 301 without; `/` -> 302 to /en, /uz or /uz-cyrl for a
 * browser whose cookie or Accept-Language says so. Deep links are never redirected.
 */
export function languageRedirects(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const path = req.path;
  // Repeated slashes and backslashes collapse anywhere in the path, so no redirect built from it
  // (`/ru//evil.example`, `/ru/\\evil.example`) can name another host.
  const collapsed = sameOriginPath(path);
  if (collapsed === null) return next();
  const tidy = collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
  const ruPrefixed = RU_PREFIXED.test(tidy);
  if (ruPrefixed || tidy !== path) {
    const target = ruPrefixed ? tidy.slice(3) || '/' : tidy;
    res.redirect(301, `${target}${queryOf(req)}`);
    return;
  }
  if (path === '/') {
    for (const header of ROOT_VARY) res.vary(header);
    const lang = rootRedirectLanguage(req.get('user-agent'), req.cookies, req.get('accept-language'));
    if (lang) {
      res.cookie(LANGUAGE_COOKIE, lang, {
        maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000,
        path: '/',
        sameSite: 'lax',
        secure: req.secure,
      });
      res.redirect(302, `/${lang}${queryOf(req)}`);
      return;
    }
  }
  next();
}
