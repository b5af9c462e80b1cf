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

/**
 * The site's texts in every language: locales/<lang>.json for the languages people write
 * (locales.test.ts keeps their keys equal), and Uzbek in Cyrillic made from the Latin file by
 * shared/uzbek-cyrillic.ts, so the two scripts never drift apart. The server renders with these;
 * build.mjs makes the browser's chunks from the same map (`text-sections`), once per build.
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  ru,
  en: en as Catalogue,
  uz: uz as Catalogue,
  'uz-cyrl': toUzbekCyrillicCatalogue(uz as Catalogue, (path) => KEPT_AS_WRITTEN.some((prefix) => path.startsWith(prefix))),
};
