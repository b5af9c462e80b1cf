import { CATEGORY_IDS } from '../../../shared/contract/values';
import { LANGUAGE_COOKIE, localizePath, type Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';

/**
 * Where the Mini App goes when it starts (issue 53): the Telegram user's language when the visitor
 * has chosen none, and the page its start parameter names (`t.me/<bot>/<app>?startapp=lot-…`).
 */

/** The site's language for a Telegram `language_code`: ru, en and uz are the site's; anything else is Russian. */
export function languageOfTelegram(code: string | undefined): Language {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'en' || base === 'uz' ? base : 'ru';
}

/** Whether the visitor chose a language (the switcher's cookie). */
export function languageChosen(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`));
}

const CATEGORIES = new Set<string>(CATEGORY_IDS);

/**
 * The /numbers query a start parameter names, or null: `lot-<id>` an auction lot, `number-<digits>`
 * one number (998901234567 or 901234567: a mask of its nine digits), `category-<name>` a category.
 * Telegram allows only `A-Za-z0-9_-` in it, so these spellings fit as they are.
 */
export function startQuery(param: string | undefined): Record<string, string> | null {
  const [, kind, value] = /^(lot|number|category)-(.+)$/.exec(param ?? '') ?? [];
  if (kind === 'lot' && /^[a-z0-9-]{1,40}$/i.test(value)) return { lot: value };
  if (kind === 'number') {
    const digits = /^(?:998)?(\d{9})$/.exec(value)?.[1];
    return digits ? { mask: digits } : null;
  }
  if (kind === 'category' && CATEGORIES.has(value)) return { category: value };
  return null;
}

export interface LaunchInput {
  /** The page the Mini App opened on. */
  pathname: string;
  search: string;
  pageLanguage: Language;
  languageChosen: boolean;
  languageCode: string | undefined;
  /** The start parameter, once per Mini App session (undefined after it was followed). */
  startParam: string | undefined;
}

/** The URL to replace the first page with, or null to stay. */
export function launchTarget(input: LaunchInput): string | null {
  const telegram = languageOfTelegram(input.languageCode);
  // Telegram's `uz` is either script: a page opened in Uzbek Cyrillic stays in it.
  const lang = input.languageChosen || (telegram === 'uz' && input.pageLanguage === 'uz-cyrl') ? input.pageLanguage : telegram;
  const query = startQuery(input.startParam);
  const target = query ? href('numbers', lang, {}, query) : `${localizePath(input.pathname, lang)}${input.search}`;
  return target === `${input.pathname}${input.search}` ? null : target;
}
