import type { Language } from '../shared/languages';
import { toUzbekCyrillicCatalogue } from '../shared/uzbek-cyrillic';
import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

/** The site's texts in one language: the shape of locales/ru.json, which every language has. */
export type Catalogue = typeof ru;

/**
 * Texts of the Latin file the Cyrillic one keeps as written: each language's name in its own
 * script, so the switcher tells Oʻzbekcha from Ўзбекча. (Brand names, URLs, e-mail addresses,
 * phone numbers and masks are kept by shared/uzbek-cyrillic.ts wherever they appear.)
 */
const KEPT_AS_WRITTEN = ['common.languageName.'];

function isTree(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The texts with every key they lack taken from the Russian ones, at any depth: Russian is the
 * fallback of every text, not only of the language choice (spec). Done here, once, rather than by
 * i18next's `fallbackLng`: that would need the Russian texts loaded beside the page's language,
 * a second download of every text section in the browser (which loads texts per language and
 * section, client/framework/language-loader.ts) for keys locales.test.ts keeps from going
 * missing anyway. Filled here, the server's texts and the browser's chunks (build.mjs makes them
 * from CATALOGUES) carry the Russian text exactly where a language has none, and nothing more.
 */
export function withRussianFallback<T>(texts: T, russian: unknown = ru): T {
  if (!isTree(russian) || !isTree(texts)) return texts === undefined ? (russian as T) : texts;
  const filled: Record<string, unknown> = { ...texts };
  for (const [key, fallback] of Object.entries(russian)) {
    filled[key] = withRussianFallback(Object.hasOwn(texts, key) ? texts[key] : undefined, fallback);
  }
  return filled as T;
}

/**
 * The site's texts in every language: locales/<lang>.json for the languages people write
 * (locales.test.ts keeps their keys equal), and Uzbek in Cyrillic made from the Latin file by
 * shared/uzbek-cyrillic.ts, so the two scripts never drift apart; a text a language lacks is the
 * Russian one (`withRussianFallback`, after the transliteration, which must not touch Russian).
 * The server renders with these; build.mjs makes the browser's chunks from the same map
 * (`text-sections`), once per build.
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  ru,
  en: withRussianFallback(en as Catalogue),
  uz: withRussianFallback(uz as Catalogue),
  'uz-cyrl': withRussianFallback(
    toUzbekCyrillicCatalogue(uz as Catalogue, (path) => KEPT_AS_WRITTEN.some((prefix) => path.startsWith(prefix))),
  ),
};
