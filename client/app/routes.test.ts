import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { PAGE_KEYS, pageFolder, PATHS, type PageKey } from '../../shared/paths';
import { layoutOf } from '../framework/route-handle';
import { createRoutes, pageModulePath } from './routes';

describe('the route table', () => {
  it('names a module that exists for every page', () => {
    for (const page of Object.keys(PATHS) as PageKey[]) {
      expect(existsSync(path.join(__dirname, '..', '..', pageModulePath(page)))).toBe(true);
    }
  });

  it('has a page in the table for every route module under client/pages, each found by its folder', () => {
    const pagesDir = path.join(__dirname, '..', 'pages');
    const modules = readdirSync(pagesDir).filter((folder) => existsSync(path.join(pagesDir, folder, 'route.tsx')));
    expect(modules.sort()).toEqual(PAGE_KEYS.map(pageFolder).sort());
    expect(pageFolder('identificationRetry')).toBe('identification-retry');
  });

  it("loads each page's own module through its lazy route", async () => {
    const [root] = createRoutes({ languages: ['en'] });
    const defaultLayout = root!.children![0]!.children![0]!;
    const news = defaultLayout.children!.find((route) => route.id === 'en:news')!;
    const module = await (news.lazy as () => Promise<{ Component?: unknown }>)();
    expect(module.Component).toBe((await import('../pages/news/route')).Component);
  });

  it('marks the layout of each page by its handle: the webview for Oq Day, the site for the rest', () => {
    const routes = createRoutes();
    const layoutAt = (url: string) =>
      (matchRoutes(routes, url) ?? []).map((match) => layoutOf(match.route)).find((layout) => layout !== null);
    expect(layoutAt('/en/oqDay')).toBe('webview');
    expect(layoutAt('/oqDay')).toBe('webview');
    expect(layoutAt('/uz/news')).toBe('default');
    expect(layoutAt('/')).toBe('default');
    expect(layoutAt('/en/no-such-page')).toBe('default');
  });
});

describe('layoutOf()', () => {
  it('reads only a known layout from a handle, and nothing from other routes', () => {
    expect(layoutOf({ handle: { layout: 'webview' } })).toBe('webview');
    expect(layoutOf({ handle: { layout: 'sidebar' } })).toBeNull();
    expect(layoutOf({ handle: null })).toBeNull();
    expect(layoutOf({})).toBeNull();
  });
});
