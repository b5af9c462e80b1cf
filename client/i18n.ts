import i18next, { type i18n as I18n } from 'i18next';
import type { Language } from '../shared/languages';

export type Texts = Record<string, unknown>;

/**
 * One i18next instance per language, never the global one: the server makes one per language at
 * start and shares it among requests (server/site/render/renderer.tsx), the browser keeps one per
 * language it has loaded (client/language-loader.ts).
 */
export function createI18n(lang: Language, strings: Texts): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: strings } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
