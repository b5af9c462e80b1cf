import { TEXT_SECTIONS } from 'virtual:text-sections';
import type { Language } from '../../shared/languages';
import type { TextSection } from '../../shared/paths';
import type { Texts } from './i18n';

export type { TextSection };

/**
 * One section of a language's texts: its own chunk (built from locales/<lang>.json, see
 * build.mjs), so a page downloads only the texts it shows. The section's texts sit under its
 * own key, ready to merge into the language's resources.
 */
export async function importTextSection(lang: Language, section: TextSection): Promise<Texts> {
  const load = TEXT_SECTIONS[lang]?.[section];
  if (!load) throw new Error(`No text section ${lang}/${section}`);
  return { [section]: (await load()).default };
}

/** Every section of a language's texts. */
export function textSections(lang: Language): TextSection[] {
  return Object.keys(TEXT_SECTIONS[lang] ?? {}) as TextSection[];
}
