import type { Request } from 'express';
import i18next, { type TFunction } from 'i18next';
import { API_MESSAGES } from '../messages';
import { languageOfAcceptLanguage } from '../../../shared/accept-language';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../shared/languages';

/**
 * The language of a request's messages: `lang` of the query, then X-Language (the site's shared
 * client sets it to its interface locale), then Accept-Language. The query comes first because a
 * browser's EventSource sends no header of its own: the live streams name the visitor's language
 * in their URL. It is read here, before any route checks its query, so a refusal of that very
 * query (an unknown or malformed parameter) is worded in it too.
 */
export function requestLanguage(req: Request): Language {
  // Exactly as the streams' schemas take it (shared/contract/common.ts `streamLanguage`).
  const named: unknown = req.query.lang;
  if (isLanguage(named)) return named;
  const explicit = req.get('x-language')?.trim().toLowerCase();
  if (isLanguage(explicit)) return explicit;
  const header = req.get('accept-language');
  return (header && languageOfAcceptLanguage(header)) || DEFAULT_LANGUAGE;
}

/**
 * The API's own messages (server/api/messages/<lang>.json: errors, validation, identification
 * hints, order answers, the payment sandbox), translated by i18next like the site's texts; one
 * instance for the process, made at import. A key missing in a language falls back to Russian
 * (the site's fallback language), then to the key itself.
 */
const messages = i18next.createInstance();
void messages.init({
  resources: Object.fromEntries(Object.entries(API_MESSAGES).map(([lang, messages]) => [lang, { translation: messages }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // `uz-cyrl` as it is (i18next would write `uz-Cyrl`, and look under a name the texts are not stored by).
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
const fixed = Object.fromEntries(LANGUAGES.map((lang) => [lang, messages.getFixedT(lang)])) as Record<Language, TFunction>;

/** A message of the API by key (`errors.numberUnavailable`, `validation.required`, ...) in the language. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return fixed[lang](key, params);
}
