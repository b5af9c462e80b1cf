import { SOURCE_OF, type Language, type SourceLanguage } from './languages';
import { toUzbekCyrillicCatalogue } from './uzbek-cyrillic';

/** Texts written by people in each source language (ru, en, uz); see SOURCE_LANGUAGES. */
export type Localized<T> = Record<SourceLanguage, T>;

/**
 * What `texts` says in `lang`: a source language's own, or for Uzbek in Cyrillic the Latin
 * texts transliterated (shared/uzbek-cyrillic.ts), the same rule as the site's catalogues.
 */
export function inLanguage<T>(texts: Localized<T>, lang: Language): T {
  const source = texts[SOURCE_OF[lang]];
  return lang === 'uz-cyrl' ? toUzbekCyrillicCatalogue(source) : source;
}
