import { MINI_APP_SECTIONS } from '../client/framework/page-sections';
import type { TextSection } from '../client/framework/text-sections';
import { CATALOGUES } from './catalogues';
import { browserSection } from './sections.cjs';

/** Language → section → what `import()` of that section's chunk answers, for the sections `keep` takes. */
function sectionMap(keep: (section: string) => boolean) {
  return Object.fromEntries(
    Object.entries(CATALOGUES).map(([lang, texts]) => [
      lang,
      Object.fromEntries(
        Object.keys(texts)
          .filter(keep)
          .map((section) => [section, () => Promise.resolve({ default: browserSection(texts, section) as Record<string, unknown> })]),
      ),
    ]),
  );
}

const forMiniApp = (section: string) => MINI_APP_SECTIONS.includes(section as TextSection);

/**
 * `virtual:text-sections` and `virtual:mini-app-text-sections` for Jest, which has no bundler
 * (jest.config.js maps both names here): the same maps build.mjs makes, from the same catalogues,
 * by the same rule (`browserSection`), the Mini App's sections in the second only.
 */
export const TEXT_SECTIONS = sectionMap((section) => !forMiniApp(section));
export const MINI_APP_TEXT_SECTIONS = sectionMap(forMiniApp);
