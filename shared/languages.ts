/**
 * The languages that have texts of their own, written by people: locales/<lang>.json, the API's
 * messages, the reference data. Uzbek in Cyrillic (`uz-cyrl`) is made from the Latin texts by
 * shared/uzbek-cyrillic.ts, so the two scripts never drift apart.
 */
export const SOURCE_LANGUAGES = ['ru', 'en', 'uz'] as const;
export type SourceLanguage = (typeof SOURCE_LANGUAGES)[number];
/** Every language the site speaks, each with its URL prefix (none for ru): /en, /uz, /uz-cyrl. */
export const LANGUAGES = [...SOURCE_LANGUAGES, 'uz-cyrl'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The language whose texts a language's are made from (uz-cyrl's are uz's, transliterated). */
export const SOURCE_OF: Record<Language, SourceLanguage> = { ru: 'ru', en: 'en', uz: 'uz', 'uz-cyrl': 'uz' };
export const DEFAULT_LANGUAGE: Language = 'ru';
/** Name of the cookie that remembers the visitor's language. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The site's language a BCP 47 tag names, or null: its primary subtag, and for Uzbek its script
 * (`en-US` → en, `uz-UZ` and `uz-Latn-UZ` → uz, `uz-Cyrl-UZ` and `uz-cyrl` → uz-cyrl).
 */
export function languageOfTag(tag: string): Language | null {
  const [primary, ...subtags] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'uz' && subtags.includes('cyrl')) return 'uz-cyrl';
  return SOURCE_LANGUAGES.find((lang) => lang === primary) ?? null;
}

/** The language a path is rendered in: its prefix (/en, /uz, /uz-cyrl), none = ru. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path without its language prefix, always starting with '/'. */
export function stripLanguagePrefix(pathname: string): string {
  const lang = languageFromPath(pathname);
  if (lang === DEFAULT_LANGUAGE) return pathname || '/';
  const rest = pathname.slice(lang.length + 1);
  return rest === '' ? '/' : rest;
}

/** The same path in another language. */
export function localizePath(pathname: string, lang: Language): string {
  const bare = stripLanguagePrefix(pathname);
  if (lang === DEFAULT_LANGUAGE) return bare;
  return bare === '/' ? `/${lang}` : `/${lang}${bare}`;
}

/** BCP 47 tags for Intl formatting and og:locale. */
export const INTL_LOCALE: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', uz: 'uz-Latn-UZ', 'uz-cyrl': 'uz-Cyrl-UZ' };
export const OG_LOCALE: Record<Language, string> = { ru: 'ru_RU', en: 'en_US', uz: 'uz_UZ', 'uz-cyrl': 'uz_Cyrl_UZ' };
/** The BCP 47 tag of a language in `<html lang>`, hreflang and Content-Language. */
export const LANGUAGE_TAG: Record<Language, string> = { ru: 'ru', en: 'en', uz: 'uz', 'uz-cyrl': 'uz-Cyrl' };

/** The Set-Cookie attributes of the remembered language, shared by the server and the switcher. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

export function languageCookieString(lang: Language, secure = false): string {
  return `${LANGUAGE_COOKIE}=${lang}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
