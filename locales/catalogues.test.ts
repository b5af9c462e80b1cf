import type { Language } from '../shared/languages';
import type { Texts } from '../client/framework/i18n';

type Tree = { [key: string]: unknown };

/** A copy of a locale file without `errors.notFound.title`: the key the test makes Russian-only. */
function withoutNotFoundTitle(texts: Tree): Tree {
  const errors = texts.errors as Tree;
  const { title: _dropped, ...notFound } = errors.notFound as Tree;
  return { ...texts, errors: { ...errors, notFound } };
}

/** The catalogues (and the browser's text sections made from them) as if en.json and uz.json lacked the key. */
function cataloguesWithRussianOnlyKey() {
  let loaded: {
    catalogues: typeof import('./catalogues');
    sections: typeof import('./text-sections.node');
    i18n: typeof import('../client/framework/i18n');
  } | null = null;
  jest.isolateModules(() => {
    jest.doMock('./en.json', () => withoutNotFoundTitle(jest.requireActual('./en.json')));
    jest.doMock('./uz.json', () => withoutNotFoundTitle(jest.requireActual('./uz.json')));
    loaded = {
      catalogues: jest.requireActual('./catalogues'),
      sections: jest.requireActual('./text-sections.node'),
      i18n: jest.requireActual('../client/framework/i18n'),
    };
  });
  return loaded!;
}

describe('a text only the Russian texts have', () => {
  afterEach(() => {
    jest.dontMock('./en.json');
    jest.dontMock('./uz.json');
  });

  it.each(['en', 'uz', 'uz-cyrl'] as Language[])('shows in Russian on a %s page, on the server and in the browser', async (lang) => {
    const { catalogues, sections, i18n } = cataloguesWithRussianOnlyKey();
    const ru = catalogues.CATALOGUES.ru.errors.notFound.title;
    expect(ru).toBe('Страница не найдена');
    // The server renders with the whole catalogue.
    expect(i18n.createI18n(lang, catalogues.CATALOGUES[lang]).t('errors.notFound.title')).toBe(ru);
    // The browser's instance is made of the text sections the build cuts from the same catalogues.
    const browser = i18n.createI18n(lang, {});
    const section = (await sections.TEXT_SECTIONS[lang].errors()).default as Texts;
    browser.addResourceBundle(lang, 'translation', { errors: section }, true, true);
    expect(browser.t('errors.notFound.title')).toBe(ru);
    // Its own texts stay its own.
    expect(catalogues.CATALOGUES[lang].errors.notFound.toHome).not.toBe(catalogues.CATALOGUES.ru.errors.notFound.toHome);
  });
});

describe('withRussianFallback', () => {
  it('fills what a language lacks at any depth and keeps every text it has', async () => {
    const { withRussianFallback } = await import('./catalogues');
    const russian = { a: 'а', b: { c: 'в', d: 'г' }, e: { f: 'е' } };
    expect(withRussianFallback({ a: 'A', b: { c: 'C' } }, russian)).toEqual({ a: 'A', b: { c: 'C', d: 'г' }, e: { f: 'е' } });
  });
});
