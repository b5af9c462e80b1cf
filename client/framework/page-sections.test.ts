import type { i18n as I18n } from 'i18next';
import request from 'supertest';
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUES } from '../../locales/catalogues';
import { LANGUAGES, localizePath, type Language } from '../../shared/languages';
import { PATHS, type PageKey } from '../../shared/paths';
import type { TestApp } from '../../server/testing/test-app';
import { readBuildManifest } from '../../server/site/render/build-manifest';
import { importTextSection, type TextSection } from './text-sections';
import type { Texts } from './i18n';
import { bootModulesOf } from '../../shared/boot-modules';
import { textModulesOfPages, textSectionModule, DOCUMENT_SECTIONS, sectionsOfPages } from './page-sections';

/**
 * Every key a page's server render asks i18next for, per language: the server's instances record
 * each lookup of their store (and the server's memo of t() is off, so every call reaches the store).
 */
const looked = new Set<string>();
jest.doMock('../../server/site/render/translation-memo', () => ({ memoizeTranslations: (instance: I18n) => instance }));
jest.doMock('./i18n', () => {
  const actual = jest.requireActual<typeof import('./i18n')>('./i18n');
  return {
    ...actual,
    createI18n(lang: Language, strings: Texts): I18n {
      const instance = actual.createI18n(lang, strings);
      // Every t() reads the store through getResource (i18next's typings leave it out).
      const store = instance.services.resourceStore as unknown as {
        getResource: (lng: string, ns: string, key: string, ...rest: unknown[]) => unknown;
      };
      const getResource = store.getResource.bind(store);
      store.getResource = (lng, ns, key, ...rest) => {
        looked.add(`${lng}\u0000${key}`);
        return getResource(lng, ns, key, ...rest);
      };
      return instance;
    },
  };
});

const TEXTS = CATALOGUES as unknown as Record<Language, Texts>;
const SECTIONS = Object.keys(CATALOGUES.ru) as TextSection[];

/** A page and the query that shows the most of it on the server (a Map: `constructor` is a page). */
const SAMPLE_QUERIES = new Map<PageKey, string>([['identificationRetry', '?reason=selfie_mirrored']]);

let t: TestApp;
let newsSlug: string;

beforeAll(async () => {
  // After the mocks above: the app's modules load now, with the recording i18next.
  const { createTestApp } = await import('../../server/testing/test-app');
  t = createTestApp();
  newsSlug = (await request(t.app).get('/api/v1/news').expect(200)).body.items[0].slug;
});
afterAll(() => t.close());

function stringAt(strings: Texts, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), strings);
  return typeof value === 'string' ? value : undefined;
}

/** What the browser has of a language once these sections are loaded (the same chunks' contents). */
async function browserTexts(lang: Language, sections: TextSection[]): Promise<Texts> {
  return Object.assign({}, ...(await Promise.all(sections.map((section) => importTextSection(lang, section)))));
}

/** Renders a path and answers the keys its render found in the whole texts, and its HTML. */
async function render(path: string, lang: Language, status = 200): Promise<{ keys: string[]; html: string }> {
  looked.clear();
  const res = await request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(status);
  // i18next also looks up forms that may not exist (plurals, contexts): only the texts it found count.
  const keys = [...looked].filter((entry) => entry.startsWith(`${lang}\u0000`)).map((entry) => entry.split('\u0000')[1]);
  return { keys: [...new Set(keys)].filter((key) => stringAt(TEXTS[lang], key) !== undefined), html: res.text };
}

/** The chunk files of these sections in the build, each once. */
function textFiles(lang: Language, sections: readonly TextSection[]): string[] {
  const manifest = readBuildManifest(t.config.distDir);
  return [
    ...new Set(sections.map((section) => manifest.modules[textSectionModule(lang, section)]?.file ?? `(no chunk for ${section})`)),
  ].sort();
}

/** The text chunks the HTML's boot script loads. */
function preloadedTextFiles(html: string, lang: Language): string[] {
  const all = new Set(textFiles(lang, SECTIONS));
  return bootModulesOf(html)
    .filter((href) => all.has(href))
    .sort();
}

describe.each(LANGUAGES)('the text sections of each page in %s', (lang) => {
  it.each(Object.keys(PATHS) as PageKey[])(
    '%s: its declared sections hold every text its server render uses, and are what it preloads',
    async (page) => {
      const path = localizePath(PATHS[page].replace(':slug', newsSlug), lang) + (SAMPLE_QUERIES.get(page) ?? '');
      const { keys, html } = await render(path, lang);
      const declared = sectionsOfPages([page]);
      const texts = await browserTexts(lang, declared);
      expect(keys.length).toBeGreaterThan(20);
      expect(keys.filter((key) => stringAt(texts, key) === undefined)).toEqual([]);
      expect(preloadedTextFiles(html, lang)).toEqual(textFiles(lang, declared));
    },
  );

  it("the document's sections are one chunk, which every page preloads once; every other section is a chunk of its own", () => {
    const document = textFiles(lang, DOCUMENT_SECTIONS);
    expect(document).toHaveLength(1);
    const others = SECTIONS.filter((section) => !DOCUMENT_SECTIONS.includes(section));
    expect(textFiles(lang, others)).toHaveLength(others.length);
    expect(textFiles(lang, others)).not.toContain(document[0]);
    expect(textModulesOfPages(lang, ['home']).filter((module) => module.endsWith('-document'))).toEqual([`text-section:${lang}-document`]);
  });

  it('a missing page: the document sections hold its texts, and only those are preloaded', async () => {
    const { keys, html } = await render(localizePath('/no-such-page', lang), lang, 404);
    const texts = await browserTexts(lang, sectionsOfPages([]));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => stringAt(texts, key) === undefined)).toEqual([]);
    expect(preloadedTextFiles(html, lang)).toEqual(textFiles(lang, sectionsOfPages([])));
  });
});

describe('the first load of /uz-cyrl', () => {
  /** A file's size as the server sends it: the build's gzip copy, or the file itself under 1 kB. */
  const gzipSize = (href: string) => {
    const file = path.join(t.config.distDir, 'client', href);
    return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
  };

  it("loads what / loads, with its own catalogue's chunks in place of Russian's, and weighs what / weighs", async () => {
    const home = bootModulesOf((await render('/', 'ru')).html);
    const cyrillic = bootModulesOf((await render('/uz-cyrl', 'uz-cyrl')).html);
    const russianTexts = new Set(textFiles('ru', SECTIONS));
    const cyrillicTexts = new Set(textFiles('uz-cyrl', SECTIONS));
    expect(cyrillic.filter((href) => !cyrillicTexts.has(href))).toEqual(home.filter((href) => !russianTexts.has(href)));
    expect(cyrillic.filter((href) => cyrillicTexts.has(href)).sort()).toEqual(textFiles('uz-cyrl', sectionsOfPages(['home'])));
    // Nothing of the transliteration reaches the browser: the texts come made. Within 1 kB of /.
    const weight = (files: string[]) => files.reduce((sum, href) => sum + gzipSize(href), 0);
    expect(weight(cyrillic)).toBeLessThanOrEqual(weight(home) + 1024);
  });
});

describe('the check itself', () => {
  it('fails when a page declares too little: the home without its own section misses its texts', async () => {
    const { keys } = await render('/', 'ru');
    const texts = await browserTexts('ru', sectionsOfPages([]));
    expect(keys.filter((key) => stringAt(texts, key) === undefined).some((key) => key.startsWith('home.'))).toBe(true);
  });
});
