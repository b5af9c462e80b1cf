import { CATALOGUES } from './catalogues';
import { browserSection } from './sections.cjs';

/**
 * `virtual:text-sections` for Jest, which has no bundler (jest.config.js maps the name here):
 * language → section → what `import()` of that section's chunk answers, from the same catalogues
 * build.mjs makes the chunks of, by the same rule (`browserSection`).
 */
export const TEXT_SECTIONS = Object.fromEntries(
  Object.entries(CATALOGUES).map(([lang, texts]) => [
    lang,
    Object.fromEntries(
      Object.keys(texts).map((section) => [
        section,
        () => Promise.resolve({ default: browserSection(texts, section) as Record<string, unknown> }),
      ]),
    ),
  ]),
);
