import type { Language } from '../shared/languages';
import type { Catalog } from './i18n';

/** Each language's catalogue is its own chunk, so a visitor downloads only the one shown. */
export function importCatalog(lang: Language): Promise<Catalog> {
  switch (lang) {
    case 'en':
      return import('../locales/en.json').then((module) => module.default as Catalog);
    case 'uz':
      return import('../locales/uz.json').then((module) => module.default as Catalog);
    default:
      return import('../locales/ru.json').then((module) => module.default as Catalog);
  }
}
