import { CATALOGUE_SECTIONS } from 'virtual:catalogue-sections';
import type ru from '../locales/ru.json';
import type { Language } from '../shared/languages';
import type { Catalog } from './i18n';

/** A top-level key of locales/<lang>.json: the browser downloads a catalogue by these. */
export type CatalogueSection = keyof typeof ru;

/**
 * One section of a language's catalogue: its own chunk (built from locales/<lang>.json, see
 * build.mjs), so a page downloads only the texts it shows. The section's texts sit under its
 * own key, ready to merge into the language's resources.
 */
export async function importCatalogueSection(lang: Language, section: CatalogueSection): Promise<Catalog> {
  const load = CATALOGUE_SECTIONS[lang]?.[section];
  if (!load) throw new Error(`No catalogue section ${lang}/${section}`);
  return { [section]: (await load()).default };
}

/** Every section of a language's catalogue. */
export function catalogueSections(lang: Language): CatalogueSection[] {
  return Object.keys(CATALOGUE_SECTIONS[lang] ?? {}) as CatalogueSection[];
}
