// The esbuild plugin `text-sections` of build.mjs: each language's texts as chunks per section.
import fs from 'node:fs';
import path from 'node:path';
import textRules from '../locales/sections.cjs';
import { loadSiteModule } from '../site-module.mjs';

const { browserSection } = textRules;

// The repository root (this file is in build/).
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

// The texts' sections are grouped into chunks by the same rule the server preloads them by.
const { DOCUMENT_SECTIONS, DOCUMENT_CHUNK, MINI_APP_SECTIONS, textChunkOf } = await loadSiteModule('client/framework/page-sections.ts');

/**
 * Each language's texts as one chunk per top-level section (issue 15), made here from
 * locales/catalogues.ts (locales/<lang>.json, and Uzbek in Cyrillic made from the Latin file) by
 * the rule of locales/sections.cjs: `virtual:text-sections`
 * is the map language → section → `import()` of `text-section:<lang>-<section>`, which is
 * that section's texts. The document's sections, which every page loads, share one chunk,
 * `text-section:<lang>-document` (`textChunkOf`), and their loaders pick their own
 * texts from it. A page downloads only the sections it declares (client/framework/page-sections.ts).
 * The server bundle gets the same map (never called there: the server renders with the whole files).
 * The Mini App's sections (MINI_APP_SECTIONS) are in `virtual:mini-app-text-sections` instead, the
 * same map for them alone, which only the Mini App's chunk imports.
 */
export function textSections() {
  const localesDir = path.join(root, 'locales');
  // What the catalogues are made of: a change to any of them remakes the chunks (--dev).
  const sources = [
    ...fs
      .readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(localesDir, file)),
    path.join(root, 'shared/uzbek-cyrillic.ts'),
    path.join(root, 'shared/uzbek-cyrillic-words.ts'),
    path.join(root, 'shared/uzbek-cyrillic-spans.ts'),
    path.join(root, 'shared/uzbek-cyrillic-exceptions.json'),
  ];
  // Every language's texts (locales/catalogues.ts: the written files, and Uzbek in Cyrillic made
  // from the Latin one), read once per build.
  let catalogues = null;
  const readCatalogues = () => (catalogues ??= loadSiteModule('locales/catalogues.ts').then((module) => module.CATALOGUES));
  return {
    name: 'text-sections',
    setup(build) {
      build.onStart(() => {
        catalogues = null;
      });
      build.onResolve({ filter: /^virtual:(mini-app-)?text-sections$/ }, (args) => ({
        path: args.path === 'virtual:text-sections' ? 'map' : 'mini-app',
        namespace: 'text-sections',
      }));
      build.onResolve({ filter: /^text-section:/ }, (args) => ({
        path: args.path.slice('text-section:'.length),
        namespace: 'text-section',
      }));
      build.onLoad({ filter: /.*/, namespace: 'text-sections' }, async (args) => {
        const all = await readCatalogues();
        const miniApp = args.path === 'mini-app';
        const entries = Object.entries(all).map(([lang, texts]) => {
          const sections = Object.keys(texts).filter((section) => MINI_APP_SECTIONS.includes(section) === miniApp);
          const loaders = sections.map((section) => {
            const chunk = textChunkOf(section);
            const load = `import(${JSON.stringify(`text-section:${lang}-${chunk}`)})`;
            return `${JSON.stringify(section)}: () => ${chunk === section ? load : `${load}.then((chunk) => ({ default: chunk.default[${JSON.stringify(section)}] }))`}`;
          });
          return `${JSON.stringify(lang)}: { ${loaders.join(', ')} }`;
        });
        return {
          contents: `export const ${miniApp ? 'MINI_APP_TEXT_SECTIONS' : 'TEXT_SECTIONS'} = { ${entries.join(', ')} };`,
          loader: 'js',
          watchFiles: sources,
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'text-section' }, async (args) => {
        const [, lang, section] = /^(.+)-(\w+)$/.exec(args.path) ?? [];
        const all = lang ? (await readCatalogues())[lang] : undefined;
        if (!all) return { errors: [{ text: `Not a text section: ${args.path}` }] };
        if (DOCUMENT_CHUNK in all)
          return {
            errors: [{ text: `locales/${lang}.json: a section may not be called "${DOCUMENT_CHUNK}", the name of the document's chunk` }],
          };
        // An object literal, not the json loader: no named export per key, just the texts.
        const texts =
          section === DOCUMENT_CHUNK
            ? Object.fromEntries(DOCUMENT_SECTIONS.map((name) => [name, browserSection(all, name)]))
            : browserSection(all, section);
        return { contents: `export default ${JSON.stringify(texts)};`, loader: 'js', watchFiles: sources };
      });
    },
  };
}
