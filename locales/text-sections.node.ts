import { CATALOGUES } from './catalogues';

/**
 * `virtual:text-sections` for Jest, which has no bundler (jest.config.js maps the name here):
 * language → section → what `import()` of that section's chunk answers, from the same catalogues
 * build.mjs makes the chunks of.
 */
export const TEXT_SECTIONS = Object.fromEntries(
  Object.entries(CATALOGUES).map(([lang, texts]) => [
    lang,
    Object.fromEntries(
      Object.entries(texts).map(([section, value]) => [section, () => Promise.resolve({ default: value as Record<string, unknown> })]),
    ),
  ]),
);
