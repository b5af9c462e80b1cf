import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, LANGUAGE_TAG, localizePath, type Language } from '../../../shared/languages';
import { PATHS, type PageKey } from '../../../shared/paths';
import { createTestApp, TEST_SITE_URL, type TestApp } from '../../testing/test-app';
import { htmlLang, linkHref, metaContent, textOf, titleOf } from '../../testing/test-html';
import { bootModulesOf } from '../../../shared/boot-modules';

const ROOT = path.join(__dirname, '..', '..', '..');
const TEXTS = CATALOGUES;
const TITLE_KEY: Record<PageKey, string> = {
  home: 'home',
  news: 'news',
  newsItem: 'newsItem',
  about: 'about',
  oqDay: 'oqDay',
  numbers: 'numbers',
  payment: 'payment',
  success: 'success',
  constructor: 'tariffConstructor',
  pointsOfSale: 'pointsOfSale',
  identification: 'identification',
  identificationRetry: 'identificationRetry',
  specificTariffs: 'specificTariffs',
};

let t: TestApp;
let newsSlug: string;

beforeAll(async () => {
  t = createTestApp();
  const news = await request(t.app).get('/api/v1/news').expect(200);
  newsSlug = news.body.items[0].slug;
});
afterAll(() => t.close());

function pathOf(page: PageKey): string {
  return PATHS[page].replace(':slug', newsSlug);
}

describe.each(LANGUAGES)('every page in %s', (lang: Language) => {
  it.each(Object.keys(PATHS) as PageKey[])('%s answers 200 with its localized head', async (page) => {
    const path = localizePath(pathOf(page), lang);
    const res = await request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    expect(htmlLang(html)).toBe(LANGUAGE_TAG[lang]);
    if (page !== 'newsItem') {
      const pageTitle = (TEXTS[lang].pages as Record<string, { title: string }>)[TITLE_KEY[page]].title;
      expect(titleOf(html)).toContain(pageTitle);
      expect(textOf(html)).toContain(page === 'home' ? TEXTS[lang].pages.home.welcomeTitle : pageTitle);
    } else {
      expect(titleOf(html)).toMatch(/\S/);
    }
    expect(metaContent(html, 'viewport')).toBe('width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no');
    expect(linkHref(html, 'canonical')).toBe(`${TEST_SITE_URL}${path}`);
    for (const other of LANGUAGES) {
      expect(linkHref(html, 'alternate', LANGUAGE_TAG[other])).toBe(`${TEST_SITE_URL}${localizePath(pathOf(page), other)}`);
    }
    expect(linkHref(html, 'alternate', 'x-default')).toBe(`${TEST_SITE_URL}${localizePath(pathOf(page), 'ru')}`);
    expect(metaContent(html, 'og:url')).toBe(`${TEST_SITE_URL}${path}`);
    expect(metaContent(html, 'og:locale')).toBe({ ru: 'ru_RU', en: 'en_US', uz: 'uz_UZ', 'uz-cyrl': 'uz_Cyrl_UZ' }[lang]);
    expect(metaContent(html, 'description')).toMatch(/\S/);
    expect(metaContent(html, 'og:title')).toBe(titleOf(html));
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    if (page !== 'newsItem') expect(metaContent(html, 'og:image')).toBe(`${TEST_SITE_URL}/og/${lang}/${page}.png`);
    else expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^https://oq\\.example/og/${lang}/news/[a-z0-9-]+\\.png$`));
  });
});

describe('the share image', () => {
  it('differs per language and is shipped with the site', async () => {
    const images = new Set<string>();
    for (const lang of LANGUAGES) {
      const html = (await request(t.app).get(localizePath('/about', lang))).text;
      const image = metaContent(html, 'og:image')!;
      images.add(image);
      const file = await request(t.app).get(new URL(image).pathname).expect(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
    expect(images.size).toBe(LANGUAGES.length);
  });
});

describe('the layouts', () => {
  it('give ordinary pages a header with navigation, language and colour-mode switches, and a footer', async () => {
    const html = (await request(t.app).get('/en/news')).text;
    expect(html).toContain('<header class="site-header"');
    expect(html).toContain('<footer class="site-footer"');
    expect(html).toMatch(/<a [^>]*href="\/uz\/news"/);
    expect(html).toMatch(/<a [^>]*href="\/news"/);
    expect(html).toContain('class="colour-mode"');
  });

  it('give /oqDay the web-view layout without header, footer or navigation', async () => {
    for (const lang of LANGUAGES) {
      const html = (await request(t.app).get(localizePath('/oqDay', lang)).expect(200)).text;
      expect(html).toContain('layout--webview');
      expect(html).not.toContain('<header class="site-header"');
      expect(html).not.toContain('<footer');
      expect(html).not.toContain('<nav');
    }
  });

  it('show the welcome title and description on the home page in each language', async () => {
    for (const lang of LANGUAGES) {
      const html = (await request(t.app).get(localizePath('/', lang)).set('Accept-Language', lang)).text;
      expect(textOf(html)).toContain(TEXTS[lang].pages.home.welcomeTitle);
      expect(textOf(html)).toContain(TEXTS[lang].pages.home.welcomeDescription);
    }
  });
});

describe('parts below the first screen', () => {
  it('are written in place on every page, never as hidden segments a script must reveal (no JavaScript, crawlers)', async () => {
    for (const path of ['/', '/numbers', '/news', '/en/specificTariffs', '/uz/pointsOfSale', '/about']) {
      const html = (await request(t.app).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200)).text;
      // A HydrationBoundary shows as React's marker of a part written in place…
      if (path === '/') expect(html.split('<!--$-->').length - 1).toBeGreaterThanOrEqual(7);
      // …and never as a pending part with its content in a hidden div.
      expect(html).not.toContain('<!--$?-->');
      expect(html).not.toMatch(/<div hidden id="S:\d+">/);
    }
  });
});

describe('scripts from the build manifest', () => {
  it('start the entry and the page chunks only after the first paint, each an existing hashed asset, with nothing in the head to hold the paint', async () => {
    const html = (await request(t.app).get('/en/numbers').set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200)).text;
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script type="module"/);
    const modules = bootModulesOf(html);
    expect(modules.length).toBeGreaterThan(3);
    expect(modules[0]).toMatch(/^\/assets\/entry-[A-Z0-9]{8}\.js$/);
    expect(modules.some((href) => href.includes('/chunks/route-'))).toBe(true);
    expect(html).toMatch(/requestAnimationFrame\(function\(\)\{setTimeout\(go,0\)\}\)/);
    for (const href of modules) {
      expect(href).toMatch(/^\/assets\/.+-[A-Z0-9]{8}\.js$/);
      await request(t.app).get(href).expect(200).expect('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
});

describe('the browser app in stages', () => {
  it('evaluates React DOM, react-router, i18next and then the app, each imported by the entry in that order in a task of its own, all in the boot list, React DOM compiled while it downloads', async () => {
    const html = (await request(t.app).get('/en/numbers').set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200)).text;
    const modules = bootModulesOf(html);
    const clientDir = path.join(t.config.distDir, 'client');
    const meta = JSON.parse(fs.readFileSync(path.join(t.config.distDir, 'client-meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown>; imports?: { path: string; kind: string }[] }>;
    };
    const urlOf = (file: string) => `/${path.relative(clientDir, path.join(ROOT, file)).split(path.sep).join('/')}`;
    const outputWith = (input: RegExp) =>
      Object.entries(meta.outputs).find(
        ([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((name) => input.test(name)),
      )!;
    const chunkWith = (input: RegExp) => urlOf(outputWith(input)[0]);
    /** Every chunk a chunk needs before it runs (static imports, transitively), itself included. */
    const withStaticImports = (url: string, seen = new Set<string>()): Set<string> => {
      seen.add(url);
      const [, output] = Object.entries(meta.outputs).find(([file]) => urlOf(file) === url)!;
      for (const imported of output.imports ?? [])
        if (imported.kind === 'import-statement' && !seen.has(urlOf(imported.path))) withStaticImports(urlOf(imported.path), seen);
      return seen;
    };
    const reactDom = chunkWith(/react-dom\/cjs\/react-dom-client\./);
    const reactRouter = chunkWith(/react-router\/dist\/production\/chunk-/);
    const i18next = chunkWith(/node_modules\/i18next\//);
    const start = chunkWith(/^client\/app\/start\.tsx$/);
    expect(modules).toEqual(expect.arrayContaining([reactDom, reactRouter, i18next, start]));

    // The entry: each stage's import in order, the app last, a new task after each stage.
    const entry = fs.readFileSync(path.join(clientDir, modules[0]), 'utf8');
    const stages = [...entry.matchAll(/import\("\.\/([^"]+)"\)/g)].map((match) => `/assets/${match[1]}`);
    const stageOf = (chunk: string) => stages.findIndex((stage) => withStaticImports(stage).has(chunk));
    // The app's own start comes last (its stage's chunk, or a chunk that chunk imports).
    expect(stageOf(start)).toBe(stages.length - 1);
    expect(stageOf(reactDom)).toBe(0);
    expect(stageOf(reactRouter)).toBeGreaterThan(stageOf(reactDom));
    expect(stageOf(i18next)).toBeGreaterThan(stageOf(reactRouter));
    expect(stageOf(i18next)).toBeLessThan(stages.length - 1);
    // Every stage and what it imports is in the boot list, so all of them download at once.
    for (const stage of stages) expect(modules).toEqual(expect.arrayContaining([...withStaticImports(stage)]));
    // The task between stages: the entry waits on a timer (nextTask of client/framework/tasks.ts).
    const tasks = chunkWith(/^client\/framework\/tasks\.ts$/);
    expect(withStaticImports(modules[0]).has(tasks)).toBe(true);
    expect(fs.readFileSync(path.join(clientDir, tasks), 'utf8')).toMatch(/setTimeout\(\w+,\s*0\)/);

    // Chrome's explicit compile hint as the first line; the source map shifted by that line.
    const reactDomFile = path.join(clientDir, reactDom);
    expect(fs.readFileSync(reactDomFile, 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect((JSON.parse(fs.readFileSync(`${reactDomFile}.map`, 'utf8')) as { mappings: string }).mappings).toMatch(/^;[^;]/);
  });
});

describe('compressed assets', () => {
  // supertest inflates what it receives: the body is the script, the length header what was sent.
  const fetchAsset = (href: string, encoding: string) =>
    request(t.app)
      .get(href)
      .set('Accept-Encoding', encoding)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('sends the build-time brotli and gzip copies of the entry, each the same script, and the script itself to a browser that takes neither', async () => {
    const entry = bootModulesOf((await request(t.app).get('/en').set('User-Agent', 'Mozilla/5.0 Chrome/150').expect(200)).text)[0];
    const onDisk = path.join(t.config.distDir, 'client', entry);
    const plain = await fetchAsset(entry, 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const script = plain.body as Buffer;
    expect(script.equals(fs.readFileSync(onDisk))).toBe(true);

    const br = await fetchAsset(entry, 'gzip, deflate, br, zstd')
      .expect(200)
      .expect('Content-Encoding', 'br')
      .expect('Vary', /Accept-Encoding/)
      .expect('Cache-Control', 'public, max-age=31536000, immutable')
      .expect('Content-Type', /javascript/);
    expect((br.body as Buffer).equals(script)).toBe(true);
    const gz = await fetchAsset(entry, 'gzip')
      .expect(200)
      .expect('Content-Encoding', 'gzip')
      .expect('Content-Type', /javascript/);
    expect((gz.body as Buffer).equals(script)).toBe(true);
    // The build's copies, sent as they are: brotli at quality 11, clearly smaller than gzip's best.
    const sent = { br: Number(br.headers['content-length']), gzip: Number(gz.headers['content-length']) };
    expect(sent.br).toBe(fs.statSync(`${onDisk}.br`).size);
    expect(sent.gzip).toBe(fs.statSync(`${onDisk}.gz`).size);
    expect(sent.br).toBeLessThan(sent.gzip * 0.95);
  });

  it('answers a missing asset 404 and a malformed asset path 400, never the page', async () => {
    await request(t.app).get('/assets/entry-AAAAAAAA.js').set('Accept-Encoding', 'br').expect(404);
    await request(t.app).get('/assets/%E0%A4%A.js').set('Accept-Encoding', 'br').expect(400);
  });
});
