import { LANGUAGES, stripLanguagePrefix, type Language } from './languages';
import { PATHS, type PageKey } from './paths';

/** Pages with a share image of their own (a news item's image is per slug). */
export type OgPage = Exclude<PageKey, 'newsItem'>;
export const OG_PAGES = (Object.keys(PATHS) as PageKey[]).filter((key): key is OgPage => key !== 'newsItem');

export type OgTarget = { lang: Language; page: OgPage } | { lang: Language; slug: string };

/**
 * The raster share image (1200x630 PNG) of a page in a language: `/og/en/numbers.png`,
 * `/og/uz/news/<slug>.png`, `/og/uz-cyrl/about.png`. A path that names no page (an error page) gets the home page's.
 */
export function ogImagePath(lang: Language, pathname: string): string {
  const bare = stripLanguagePrefix(pathname);
  const news = /^\/news\/([^/]+)$/.exec(bare);
  if (news) return `/og/${lang}/news/${news[1]}.png`;
  const page = OG_PAGES.find((key) => PATHS[key] === bare) ?? 'home';
  return `/og/${lang}/${page}.png`;
}

/** What an `/og/...` path asks for, or null when it names no image. */
export function parseOgImagePath(path: string): OgTarget | null {
  const match = /^\/og\/([a-z]{2}(?:-[a-z]{4})?)\/(?:news\/([A-Za-z0-9_-]{1,120})|([A-Za-z]+))\.png$/.exec(path);
  if (!match) return null;
  const lang = LANGUAGES.find((l) => l === match[1]);
  if (!lang) return null;
  if (match[2]) return { lang, slug: match[2] };
  const page = OG_PAGES.find((key) => key === match[3]);
  return page ? { lang, page } : null;
}
