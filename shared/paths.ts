import { DEFAULT_LANGUAGE, type Language } from './languages';

/** The one map of the site's pages (spec section 2), without language prefix. */
export const PATHS = {
  home: '/',
  news: '/news',
  newsItem: '/news/:slug',
  about: '/about',
  oqDay: '/oqDay',
  numbers: '/numbers',
  payment: '/payment',
  success: '/success',
  constructor: '/constructor',
  pointsOfSale: '/pointsOfSale',
  identification: '/identification',
  identificationRetry: '/identification/retry',
  specificTariffs: '/specificTariffs',
} as const;

export type PageKey = keyof typeof PATHS;
export const PAGE_KEYS = Object.keys(PATHS) as PageKey[];

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
