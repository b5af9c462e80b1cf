import { href, PATHS, sameOriginPath, SITE_QUERY_PARAMS } from './paths';
import { languageFromPath, languageOfTag, localizePath, stripLanguagePrefix } from './languages';

describe('href', () => {
  it('leaves Russian paths unprefixed and prefixes English and Uzbek', () => {
    expect(href('home', 'ru')).toBe('/');
    expect(href('home', 'en')).toBe('/en');
    expect(href('news', 'uz')).toBe('/uz/news');
  });

  it('fills and encodes parameters and drops empty query values', () => {
    expect(href('newsItem', 'en', { slug: 'a b' }, { page: 2, q: '' })).toBe('/en/news/a%20b?page=2');
  });

  it('refuses a missing parameter', () => {
    expect(() => href('newsItem', 'ru')).toThrow('missing parameter slug');
  });

  it('covers the thirteen routes of the specification', () => {
    expect(Object.keys(PATHS)).toHaveLength(13);
  });
});

describe('language of a path', () => {
  it('comes from the prefix, none meaning Russian', () => {
    expect(languageFromPath('/en/news')).toBe('en');
    expect(languageFromPath('/uz')).toBe('uz');
    expect(languageFromPath('/news')).toBe('ru');
    expect(languageFromPath('/english')).toBe('ru');
  });

  it('is swapped by localizePath without touching the rest', () => {
    expect(localizePath('/en/news/x', 'uz')).toBe('/uz/news/x');
    expect(localizePath('/en', 'ru')).toBe('/');
    expect(localizePath('/about', 'en')).toBe('/en/about');
    expect(stripLanguagePrefix('/uz')).toBe('/');
  });
});

describe('language of a BCP 47 tag', () => {
  it.each([
    ['en-US', 'en'],
    ['ru', 'ru'],
    ['uz', 'uz'],
    ['uz-UZ', 'uz'],
    ['uz-Latn-UZ', 'uz'],
    ['uz-Cyrl', 'uz-cyrl'],
    ['uz-Cyrl-UZ', 'uz-cyrl'],
    ['uz_cyrl', 'uz-cyrl'],
    ['uz-cyrl', 'uz-cyrl'],
    ['fr-FR', null],
    ['', null],
  ])('%j is %j', (tag, expected) => {
    expect(languageOfTag(tag)).toBe(expected);
  });
});

describe('sameOriginPath', () => {
  it.each([
    ['/ru//evil.example/x', '/ru/evil.example/x'],
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/\\evil.example?next=//x', '/evil.example?next=//x'],
    ['/en/payment?order=1', '/en/payment?order=1'],
    ['\\\\evil.example', '/evil.example'],
  ])('collapses %s to %s, a path on this site', (raw, path) => {
    expect(sameOriginPath(raw)).toBe(path);
    expect(new URL(path, 'https://oq.example').host).toBe('oq.example');
  });

  it.each(['https://evil.example/', 'evil.example', '/\t/evil.example', '/a b', '/x\u0000', ''])('refuses %j', (raw) => {
    expect(sameOriginPath(raw)).toBeNull();
  });
});

describe('SITE_QUERY_PARAMS', () => {
  // Any parameter a page reads must be on the list, or the server would render and cache that
  // page without it (server/site/render/page-cache.ts, pageUrl).
  it('names every query parameter the code reads', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require('node:fs') as typeof import('node:fs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const path = require('node:path') as typeof import('node:path');
    const root = path.join(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    walk(path.join(root, 'client'));
    walk(path.join(root, 'shared'));
    const read = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\b(?:searchParams|search|query|q)\.(?:get|getAll|has)\('([A-Za-z_]+)'\)/g)) read.add(match[1]);
    }
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !(SITE_QUERY_PARAMS as readonly string[]).includes(name))).toEqual([]);
  });
});
