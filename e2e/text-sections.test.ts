import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { MINI_APP_SECTIONS, textChunkOf, sectionsOfPages } from '../client/framework/page-sections';
import type { TextSection } from '../client/framework/text-sections';
import { collectProblems, newContext, waitForHydration, type Site, withSiteAndBrowser } from './support';

const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'client', 'manifest.json'), 'utf8')) as {
  modules: Record<string, { file: string }>;
};
/** Chunk URL → `<lang>-<chunk>`, for every text chunk of the build (a section's own, or the document's). */
const SECTION_OF_FILE = new Map(
  Object.entries(manifest.modules)
    .filter(([source]) => source.startsWith('text-section:'))
    .map(([source, { file }]) => [file, source.slice('text-section:'.length)]),
);
const ALL_SECTIONS = Object.keys(ru) as TextSection[];
/** Every section but the Mini App's, which no page outside Telegram loads (docs/telegram.md). */
const SECTIONS = ALL_SECTIONS.filter((section) => !MINI_APP_SECTIONS.includes(section));
const CHUNKS = new Set(SECTIONS.map(textChunkOf));
/** A key on screen instead of its text: `<section>.<name>`. */
const RAW_KEY = new RegExp(`\\b(${ALL_SECTIONS.join('|')})\\.[a-zA-Z]`);

let site: Site;
let browser: Browser;
withSiteAndBrowser({}, (started) => ({ site, browser } = started));

declare global {
  interface Window {
    __hydratedAt?: number;
    __idle?: (() => void)[];
  }
}

/**
 * Before any script of the page: notes when hydration ends, and holds the idle callbacks (the
 * texts' safety net runs in one) until the test releases them, so that what a navigation
 * downloads is the navigation's doing.
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.documentElement?.getAttribute('data-hydrated') !== 'true') return;
      window.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    const held = new Map<number, () => void>();
    let next = 1;
    window.requestIdleCallback = ((callback: IdleRequestCallback) => {
      const id = next++;
      held.set(id, () => callback({ didTimeout: false, timeRemaining: () => 50 }));
      return id;
    }) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (id: number) => void held.delete(id);
    Object.defineProperty(window, '__idle', { get: () => [...held.values()] });
  });
}

/** The text chunks the page downloaded (all of them, or those started before `before` ms). */
async function downloadedSections(page: Page, before = Infinity): Promise<string[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
  );
  return [...new Set(entries.filter((entry) => entry.start < before).flatMap((entry) => SECTION_OF_FILE.get(entry.url) ?? []))].sort();
}

/** The chunks of these sections in a language, each once, as `<lang>-<chunk>`. */
const inLanguage = (lang: string, sections: readonly TextSection[]) =>
  [...new Set(sections.map((section) => `${lang}-${textChunkOf(section)}`))].sort();

async function expectNoRawKey(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull();
}

it('/ in Russian downloads only its sections before hydration; a navigation loads the next page’s, a switch of language that language’s', async () => {
  const context = await newContext(browser, { locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await instrument(page);

  await page.goto(`${site.origin}/`);
  await waitForHydration(page);
  const hydratedAt = await page.evaluate(() => window.__hydratedAt!);
  const home = inLanguage('ru', sectionsOfPages(['home']));
  expect(await downloadedSections(page, hydratedAt)).toEqual(home);
  // Nothing else until the browser is idle: not the numbers' nor the purchase's texts.
  expect(await downloadedSections(page)).toEqual(home);
  expect(home).not.toContain('ru-validation');
  expect(home).not.toContain('ru-purchase');
  // The document's sections come in one file.
  expect(home).toContain('ru-document');
  expect(home).not.toContain('ru-common');
  await expectNoRawKey(page);

  // A client-side navigation: the page's sections arrive with its module, before it renders.
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  await page.getByRole('navigation', { name: ru.common.mainNavigation }).getByRole('link', { name: ru.nav.numbers }).click();
  await page.waitForURL(`${site.origin}/numbers`);
  await page.getByRole('heading', { level: 1, name: ru.pages.numbers.title }).waitFor();
  await page.getByRole('button', { name: ru.numbers.filters.submit }).waitFor();
  expect(await downloadedSections(page)).toEqual(inLanguage('ru', sectionsOfPages(['home', 'numbers'])));
  await expectNoRawKey(page);

  // To English, then to its constructor: that language's document and pages, nothing raw.
  await page.getByRole('navigation', { name: ru.common.language }).getByRole('link', { name: 'EN' }).click();
  await page.waitForURL(`${site.origin}/en/numbers`);
  await page.getByRole('heading', { level: 1, name: en.pages.numbers.title }).waitFor();
  await page.getByRole('navigation', { name: en.common.mainNavigation }).getByRole('link', { name: en.nav.constructor }).click();
  await page.waitForURL(`${site.origin}/en/constructor`);
  await page.getByRole('heading', { level: 1, name: en.pages.tariffConstructor.title }).waitFor();
  await page.getByText(en.tariffConstructor.summaryTitle).first().waitFor();
  await expectNoRawKey(page);
  expect((await downloadedSections(page)).filter((section) => section.startsWith('en-'))).toEqual(
    inLanguage('en', sectionsOfPages(['numbers', 'constructor'])),
  );
  expect(loads.count).toBe(0);

  // The safety net, once idle: the rest of the language, one section per idle period (each
  // after the one before has arrived), so no task of the page's start merges them all at once.
  const englishChunks = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/en-\w+-\w+\.js$/.test(entry.name)).length);
  const beforeIdle = await englishChunks();
  await page.evaluate(() => window.__idle!.forEach((run) => run()));
  // The next section waits for the next idle period: held here, so exactly one more has come.
  await page.waitForFunction(
    (count) =>
      window.__idle!.length > 0 &&
      performance.getEntriesByType('resource').filter((entry) => /\/en-\w+-\w+\.js$/.test(entry.name)).length > count,
    beforeIdle,
  );
  expect(await englishChunks()).toBe(beforeIdle + 1);
  // Each idle period released as it comes: the rest of the language arrives.
  await page.waitForFunction(
    (count) => {
      window.__idle!.forEach((run) => run());
      return performance.getEntriesByType('resource').filter((entry) => /\/en-\w+-\w+\.js$/.test(entry.name)).length === count;
    },
    CHUNKS.size,
    { polling: 100 },
  );
  expect((await downloadedSections(page)).filter((section) => section.startsWith('en-'))).toEqual(inLanguage('en', SECTIONS));
  expect(problems).toEqual([]);
  await context.close();
});
