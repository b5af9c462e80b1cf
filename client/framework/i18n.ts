import i18next, { type i18n as I18n } from 'i18next';
import type { Language } from '../../shared/languages';

export type Texts = Record<string, unknown>;

/**
 * One i18next instance per language, never the global one: the server makes one per language at
 * start and shares it among requests (server/site/render/renderer.tsx), the browser keeps one per
 * language it has loaded (client/framework/language-loader.ts).
 */
export function createI18n(lang: Language, strings: Texts): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    // The site's codes as they are: i18next would otherwise write `uz-cyrl` as `uz-Cyrl` and look
    // for texts under a name they are not stored by.
    lowerCaseLng: true,
    load: 'currentOnly',
    // Russian, the fallback of every text, is already in each language's texts where that
    // language lacks one (withRussianFallback, locales/catalogues.ts): no second language to load.
    fallbackLng: false,
    resources: { [lang]: { translation: strings } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const views = new WeakMap<I18n, I18n>();

/**
 * What I18nextProvider is given: a view of the instance with no own properties (one per
 * instance). react-i18next 17's useTranslation copies every own property descriptor of the
 * instance it is given into a wrapper object, once for each component that calls it
 * (`createI18nWrapper`); on the server every component is new on every render, and that copy of
 * an i18next instance's dozens of properties was 19 % of `/`'s server CPU (bench/README.md, issue
 * 30). Through a view whose prototype is the instance there is nothing to copy, and every read
 * (texts, language, options, listeners) reaches the instance itself.
 */
export function providedI18n(instance: I18n): I18n {
  let view = views.get(instance);
  if (!view) views.set(instance, (view = Object.create(instance) as I18n));
  return view;
}
