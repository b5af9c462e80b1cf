import type { Browser } from 'playwright-core';
import { LANGUAGE_TAG, LANGUAGES, localizePath } from '../shared/languages';
import { PATHS } from '../shared/paths';
import {
  collectProblems,
  countDocumentLoads,
  holdRequests,
  newContext,
  waitForHydration,
  type Site,
  withSiteAndBrowser,
  newestNewsSlug,
} from './support';

let site: Site;
let browser: Browser;
let slug: string;

withSiteAndBrowser({}, (started) => ({ site, browser } = started));
beforeAll(async () => {
  slug = await newestNewsSlug(site);
});

describe('hydration', () => {
  const paths = Object.values(PATHS);

  // Uzbek in Latin here; the sweeps of accessibility.test.ts (ru, en) and uzbek-cyrillic.test.ts
  // (uz-cyrl) check the same on every page in the other languages, with axe on top.
  it('is clean on all 13 pages in uz: no hydration warning, no console error', async () => {
    const lang = 'uz';
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    const seen: string[] = [];
    for (const path of paths) {
      const url = localizePath(path.replace(':slug', slug), lang);
      const response = await page.goto(`${site.origin}${url}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(LANGUAGE_TAG[lang]);
      seen.push(url);
    }
    expect(new Set(seen).size).toBe(13);
    expect(problems).toEqual([]);
    await context.close();
  });

  // The error the server's loaders threw travels in the router state (client/framework/hydration-data.ts):
  // hydrated as anything but its 404, the page would be drawn again as the 500 page.
  it('is clean on the 404 page in every language, whose links then navigate without a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    const loads = countDocumentLoads(page);
    for (const lang of LANGUAGES) {
      const response = await page.goto(`${site.origin}${localizePath('/no-such-page', lang)}`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      expect(await page.locator('.error-page__code').textContent()).toContain('404');
    }
    const documents = loads.count;
    await page.locator('.error-page__actions a').first().click();
    await page.waitForURL(`${site.origin}${localizePath('/', 'uz-cyrl')}`);
    await page.locator('.error-page').waitFor({ state: 'detached' });
    expect(loads.count).toBe(documents);
    // The browser's own line for each 404 document is expected; nothing else is.
    expect(problems.filter((problem) => !/Failed to load resource: .* 404/.test(problem))).toEqual([]);
    await context.close();
  });
});

declare global {
  interface Window {
    __commits?: { header: boolean; footer: boolean; sections: number }[];
  }
}

it('hydrates and commits the first screen before any part below it', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const problems = collectProblems(page);
  // A stand-in for React DevTools: React calls its hook at every commit, production builds too.
  // At each commit, which parts React has hydrated: it marks each element it hydrates.
  await page.addInitScript(() => {
    const commits: NonNullable<Window['__commits']> = [];
    const hydrated = (element: Element | null) => !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    window.__commits = commits;
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: () => {
          commits.push({
            header: hydrated(document.querySelector('.site-header')),
            footer: hydrated(document.querySelector('.site-footer')),
            sections: [...document.querySelectorAll('.page--home .home-section')].filter(hydrated).length,
          });
        },
      },
    });
  });
  await page.goto(`${site.origin}/`);
  await waitForHydration(page);
  const sections = await page.locator('.page--home .home-section').count();
  expect(sections).toBeGreaterThanOrEqual(5);
  await page.waitForFunction((count) => {
    const last = window.__commits!.at(-1);
    return last?.footer === true && last.sections === count;
  }, sections);
  const commits = (await page.evaluate(() => window.__commits))!;
  // The first commit is the first screen: the header is live, nothing below the welcome is yet.
  expect(commits[0]).toEqual({ header: true, footer: false, sections: 0 });
  // The parts below it come in a later commit, after a render of their own that yields to the
  // browser every few milliseconds (React renders them at its lowest priority, all together
  // unless a tap inside one hydrates that one first).
  expect(commits.length).toBeGreaterThan(1);
  expect(commits.at(-1)).toEqual({ header: true, footer: true, sections });
  expect(problems).toEqual([]);
  await context.close();
});

describe('navigation', () => {
  it('moves between pages on the client without reloading the document', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${site.origin}/en/news`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await page.title()).toContain('News');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches language with the header links, remembers it, and / follows the memory', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${site.origin}/numbers`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.locator('.lang-switcher a[hreflang="uz"]:visible').click();
    await page.waitForURL(`${site.origin}/uz/numbers`);
    await page.getByRole('heading', { level: 1, name: 'Raqam sotib olish' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uz');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('uz');
    expect(cookies.find((c) => c.name === 'lang')!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await page.goto(`${site.origin}/`);
    expect(page.url()).toBe(`${site.origin}/uz`);
    // The link sets the cookie in its click handler: before hydration a click is a plain request
    // of /, which the uz cookie still sends back to /uz.
    await waitForHydration(page);
    await page.locator('.lang-switcher a[hreflang="ru"]:visible').click();
    await page.waitForURL(`${site.origin}/`);
    await page.getByRole('heading', { level: 1, name: 'Добро пожаловать в Oq' }).waitFor();
    await page.goto(`${site.origin}/`);
    expect(page.url()).toBe(`${site.origin}/`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('colour mode', () => {
  it('persists the choice across a reload and applies it before the first paint', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en/about`);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Dark' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('colour-mode'))).toBe('dark');

    // Record the theme at the first paint-relevant moment: before any module script runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __themeAtParse: string | null }).__themeAtParse = document.documentElement.getAttribute('data-theme');
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtParse: string | null }).__themeAtParse)).toBe('dark');
    await waitForHydration(page);
    expect(await page.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 17, 23)');
    await context.close();
  });

  it('follows the system scheme while the preference is system', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${site.origin}/en`);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getByRole('button', { name: 'System' }).getAttribute('aria-pressed')).toBe('true');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    await page.getByRole('button', { name: 'Light' }).click();
    // A listener made after the site's own hears the system's change after the site's has run
    // (media query lists are told of a change in the order they were made): once it has heard
    // it, the site has seen the change too and must have kept the visitor's choice.
    await page.evaluate(() => {
      const query = matchMedia('(prefers-color-scheme: dark)');
      (window as unknown as { __schemeChanged: Promise<void> }).__schemeChanged = new Promise((resolve) =>
        query.addEventListener('change', () => resolve(), { once: true }),
      );
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => (window as unknown as { __schemeChanged: Promise<void> }).__schemeChanged);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await context.close();
  });

  it('catches up with a change of the system scheme made before its listener started', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    // The listener's module loads once the browser is idle after hydration: held until the
    // system's scheme has changed, the change comes before anyone listens for it.
    const { release, asked } = await holdRequests(page, '**/assets/chunks/browser-services-*.js');
    await page.goto(`${site.origin}/en`);
    await waitForHydration(page);
    await asked;
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const loaded = page.waitForResponse((response) => response.url().includes('/browser-services-'));
    release();
    await loaded;
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    expect(await page.getAttribute('html', 'data-colour-mode')).toBe('system');
    await context.close();
  });
});
