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

export type QueryValue = string | number | boolean | null | undefined;

/** The localized href of a page: `href('newsItem', 'en', { slug: 'x' })` -> `/en/news/x`. */
export function href(
  page: PageKey,
  lang: Language,
  params: Record<string, string> = {},
  query: Record<string, QueryValue> = {},
): string {
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
