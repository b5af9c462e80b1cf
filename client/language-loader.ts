import type { i18n as I18n } from 'i18next';
import type { Language } from '../shared/languages';
import { importCatalog } from './catalogs';
import { createI18n, type Catalog } from './i18n';

// Browser only: one i18next instance per language, created when its catalogue arrives.
const instances = new Map<Language, I18n>();

export async function ensureLanguage(lang: Language): Promise<void> {
  if (typeof window === 'undefined' || instances.has(lang)) return;
  registerLanguage(lang, await importCatalog(lang));
}

export function registerLanguage(lang: Language, catalog: Catalog): void {
  if (!instances.has(lang)) instances.set(lang, createI18n(lang, catalog));
}

export function browserI18nFor(lang: Language): I18n {
  const instance = instances.get(lang);
  if (!instance) throw new Error(`The ${lang} catalogue is not loaded`);
  return instance;
}
