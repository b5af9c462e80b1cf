import type ru from '../locales/ru.json';
import { DEFAULT_LANGUAGE, type Language } from './languages';

/** A top-level key of locales/<lang>.json: the browser downloads a language's texts by these sections. */
export type TextSection = keyof typeof ru;

/** A page of the site: where it is, and what of the texts it shows. */
export interface PageEntry {
  /** The path without language prefix (spec section 2). */
  path: `/${string}`;
  /**
   * The text sections the page shows besides the document's own (DOCUMENT_SECTIONS,
   * client/framework/page-sections.ts), found by reading its components: their `t()` keys, and the
   * keys they pass around (validation codes → `validation.*`, rejection reasons →
   * `identification.rejections.*`, API error codes and booking warnings → `messages.*`), in every
   * state the page can reach, not only its first render. The browser loads exactly these before
   * the page renders (client/app/routes.tsx), the server preloads their chunks, and
   * client/framework/page-sections.test.ts checks them against each page's server render.
   */
  sections: readonly TextSection[];
}

/**
 * THE table of the site's pages. A page is this entry and its route module,
 * `client/pages/<folder>/route.tsx`, where the folder is the key in kebab-case (newsItem →
 * news-item): the route table (client/app/routes.tsx) finds the module by that name, so a new page
 * is one entry here and one folder.
 */
export const PAGES = {
  home: { path: '/', sections: ['pages', 'home', 'tariffs', 'tariffConstructor', 'pointsOfSale'] },
  news: { path: '/news', sections: ['pages', 'news'] },
  newsItem: { path: '/news/:slug', sections: ['news'] },
  about: { path: '/about', sections: ['pages', 'about'] },
  oqDay: { path: '/oqDay', sections: ['pages', 'oqDay'] },
  numbers: { path: '/numbers', sections: ['pages', 'numbers', 'auction', 'purchase', 'messages', 'validation', 'esim'] },
  payment: { path: '/payment', sections: ['pages', 'payment', 'purchase', 'messages', 'numbers', 'auction'] },
  success: { path: '/success', sections: ['pages', 'success', 'purchase', 'messages', 'esim'] },
  constructor: { path: '/constructor', sections: ['pages', 'tariffConstructor', 'tariffs'] },
  pointsOfSale: { path: '/pointsOfSale', sections: ['pages', 'pointsOfSale', 'mapControls'] },
  identification: { path: '/identification', sections: ['pages', 'identification', 'purchase', 'messages', 'validation'] },
  identificationRetry: { path: '/identification/retry', sections: ['pages', 'identification', 'purchase', 'messages'] },
  specificTariffs: { path: '/specificTariffs', sections: ['pages', 'tariffs', 'tariffConstructor'] },
} as const satisfies Record<string, PageEntry>;

/** Each page's path (PAGES' `path`). */
export const PATHS = Object.fromEntries(Object.entries(PAGES).map(([key, page]) => [key, page.path])) as {
  readonly [K in keyof typeof PAGES]: (typeof PAGES)[K]['path'];
};

export type PageKey = keyof typeof PAGES;
export const PAGE_KEYS = Object.keys(PAGES) as PageKey[];

/** The page's folder under client/pages: its key in kebab-case (newsItem → news-item). */
export function pageFolder(page: PageKey): string {
  return page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Every query parameter any page reads (its loader or its components): the number search, news
 * paging, the auction lot, the tariff choice carried through the purchase, the payment's return,
 * the identification retry's reason, the tariff comparison, the points-of-sale filter. The server
 * renders and caches a page for these alone (server/site/render/page-cache.ts, pageUrl); a test keeps the
 * list in step with the code.
 */
export const SITE_QUERY_PARAMS = [
  'page',
  'after',
  'category',
  'digits',
  'endsWith',
  'mask',
  'date',
  'pattern',
  'sort',
  'lot',
  'tariff',
  'internetGb',
  'minutes',
  'sms',
  'nightInternet',
  'dedicated',
  'sim',
  'order',
  'payment',
  'reason',
  'compare',
  'city',
  'service',
  'lat',
  'lon',
] as const;

export type QueryValue = string | number | boolean | null | undefined;

/** The localized href of a page: `href('newsItem', 'en', { slug: 'x' })` -> `/en/news/x`. */
export function href(page: PageKey, lang: Language, params: Record<string, string> = {}, query: Record<string, QueryValue> = {}): string {
  let path: string = PATHS[page].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`href(${page}): missing parameter ${name}`);
    return encodeURIComponent(value);
  });
  if (lang !== DEFAULT_LANGUAGE) path = path === '/' ? `/${lang}` : `/${lang}${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A path that can only lead to this site, or null. Browsers read `//host`, `/\host` and `\\host`
 * (and the same with tabs or newlines between, which they strip) as another host, so every run of
 * slashes and backslashes collapses to one `/` and control characters or spaces are refused. Use it
 * wherever a path becomes a `Location`: the result is what is checked and what is sent.
 */
export function sameOriginPath(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (raw.length > 2000 || /[\s\u0000-\u001f\u007f]/.test(raw)) return null;
  const queryAt = raw.search(/[?#]/);
  const pathPart = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : raw.slice(queryAt);
  if (!/^[/\\]/.test(pathPart)) return null;
  return `${pathPart.replace(/[/\\]+/g, '/')}${rest}`;
}
