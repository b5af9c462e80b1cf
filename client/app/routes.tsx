import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import { pageFolder, PATHS, type PageKey } from '../../shared/paths';
import { Document, DocumentError } from './document';
import { DefaultLayout, DefaultLayoutError } from './layouts/DefaultLayout';
import { WebviewLayout, WebviewLayoutError } from './layouts/WebviewLayout';
import { ensureLanguage } from '../framework/language-loader';
import { notFoundLoader } from '../framework/not-found';
import { DOCUMENT_SECTIONS, PAGE_SECTIONS } from '../framework/page-sections';
import { withChunkReload } from '../platform/chunk-reload';
import type { RouteHandle } from '../framework/route-handle';
import { PAGE_MODULES } from 'virtual:page-modules';
import { BOOKING_PATH } from '../features/booking/booking-path';
import { WATCHES_PATH } from '../features/watches/watches-path';

/** A page module: `client/pages/<folder>/route.tsx` exporting `Component` and maybe `loader`, `action`. */
type PageModule = Pick<RouteObject, 'loader' | 'action' | 'Component' | 'ErrorBoundary' | 'shouldRevalidate'>;

/**
 * A page's module, `client/pages/<folder>/route.tsx` (the page key in kebab-case): the build writes
 * out each page's `import()` from the page table (PAGES, shared/paths.ts; build/page-modules.mjs),
 * so a new page is its entry there and its folder, nothing here. Each page is its own chunk: a
 * first visit downloads only the page it opens. The cast names what a route module exports, which
 * a generated map cannot type; routes.test.ts checks that every page has its module and every
 * module its page.
 */
const importPage = (page: PageKey) => PAGE_MODULES[page]!() as Promise<PageModule>;

export function pageModulePath(page: PageKey): string {
  return `client/pages/${pageFolder(page)}/route.tsx`;
}

/** Route ids are `<lang>:<page>`; the page key after the colon names the module. */
export function pageOfRouteId(routeId: string): PageKey | null {
  const key = routeId.split(':')[1];
  return key && key in PATHS ? (key as PageKey) : null;
}

function page(lang: Language, key: PageKey, index = false): RouteObject {
  const path = PATHS[key].slice(1);
  // The page's module and its text sections, side by side: it renders with all its texts
  // (a client navigation waits for both; before hydration, client/app/start.tsx calls this too).
  const lazy = withChunkReload(() => Promise.all([importPage(key), ensureLanguage(lang, PAGE_SECTIONS[key])]).then(([module]) => module));
  return index || !path ? { id: `${lang}:${key}`, index: true, lazy } : { id: `${lang}:${key}`, path, lazy };
}

export interface RouteOptions {
  /** Extra pages inside the default layout of every language (tests use it for a throwing route). */
  extraPages?: (lang: Language) => RouteObject[];
  /**
   * The languages whose branches the table holds (all of them unless said). The browser starts
   * with its page's language only and adds another's branch when a navigation needs it
   * (client/app/start.tsx): react-router matches every branch of the table at each start and each
   * navigation, and three languages made it three times the work (issue 35).
   */
  languages?: readonly Language[];
}

/** The parent route of the language branches. */
export const ROOT_ROUTE_ID = 'root';

/** One language's branch of the table, its pages under its prefix. */
export function languageRoutes(lang: Language, options: RouteOptions = {}): RouteObject {
  const pages = (Object.keys(PATHS) as PageKey[]).filter((key) => key !== 'oqDay');
  return {
    id: lang,
    path: lang === DEFAULT_LANGUAGE ? '/' : `/${lang}`,
    // In the browser the texts of a language's document, layouts and error pages are loaded
    // before its first page commits (each page's own sections come with its `lazy`).
    loader: async (_args: LoaderFunctionArgs) => {
      await ensureLanguage(lang, DOCUMENT_SECTIONS);
      return null;
    },
    shouldRevalidate: () => false,
    children: [
      {
        id: `${lang}:default`,
        handle: { layout: 'default' } satisfies RouteHandle,
        Component: DefaultLayout,
        ErrorBoundary: DefaultLayoutError,
        children: [
          ...pages.map((key) => page(lang, key)),
          ...(options.extraPages?.(lang) ?? []),
          // The booking's details for /numbers' panel, read by a fetcher in the browser (no page).
          { id: `${lang}:numbersBooking`, path: BOOKING_PATH.slice(1), lazy: () => import('../features/booking/booking') },
          // The confirmed phone's watches for /numbers' "My watches", read the same way.
          { id: `${lang}:numbersWatches`, path: WATCHES_PATH.slice(1), lazy: () => import('../features/watches/watches') },
          { id: `${lang}:notFound`, path: '*', loader: notFoundLoader, Component: () => null },
        ],
      },
      {
        id: `${lang}:webview`,
        path: PATHS.oqDay.slice(1),
        handle: { layout: 'webview' } satisfies RouteHandle,
        Component: WebviewLayout,
        ErrorBoundary: WebviewLayoutError,
        children: [page(lang, 'oqDay', true)],
      },
    ],
  };
}

/** The one route table: the server renders it, the browser hydrates it. */
export function createRoutes(options: RouteOptions = {}): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Document,
      ErrorBoundary: DocumentError,
      children: (options.languages ?? LANGUAGES).map((lang) => languageRoutes(lang, options)),
    },
  ];
}
