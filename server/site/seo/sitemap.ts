import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { NewsSummary } from '../../../shared/api-types';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_TAG, localizePath } from '../../../shared/languages';
import { href, PAGE_KEYS, type PageKey } from '../../../shared/paths';
import type { Config } from '../../process/config';
import type { ServerReader } from '../operator-api/server-reader';

/**
 * Pages a search engine should list: every page but a news item (listed one by one below) and the
 * success page, which only means something right after a payment and is `noindex`. A new page is
 * listed unless it is named here.
 */
const NOT_LISTED: readonly PageKey[] = ['newsItem', 'success'];
export const SITEMAP_PAGES: PageKey[] = PAGE_KEYS.filter((page) => !NOT_LISTED.includes(page));

/** The largest page the news API answers (`pageSize` is clamped to 50). */
const NEWS_PAGE_SIZE = 50;

async function allNews(serverReader: ServerReader, signal: AbortSignal): Promise<NewsSummary[]> {
  const reader = serverReader({ lang: DEFAULT_LANGUAGE, signal });
  const items: NewsSummary[] = [];
  for (let page = 1; page <= 100; page++) {
    const data = await reader.news({ page, pageSize: NEWS_PAGE_SIZE });
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.total) break;
  }
  return items;
}

/** One <url> per page and language, each naming its versions in all of them (and x-default). */
function entry(siteUrl: string, path: string, lastmod?: string): SitemapItemLoose[] {
  const links = [
    ...LANGUAGES.map((lang) => ({ lang: LANGUAGE_TAG[lang], url: `${siteUrl}${localizePath(path, lang)}` })),
    { lang: 'x-default', url: `${siteUrl}${localizePath(path, DEFAULT_LANGUAGE)}` },
  ];
  return LANGUAGES.map((lang) => ({ url: `${siteUrl}${localizePath(path, lang)}`, links, ...(lastmod ? { lastmod } : {}) }));
}

/**
 * `GET /sitemap.xml`: every page in every language with its `xhtml:link` alternates, and every
 * news item with its publication date as `lastmod`. If the news cannot be read the pages are
 * still listed (a crawler then finds the news by its links), and the answer is not cached long.
 */
export function sitemap(config: Config, serverReader: ServerReader) {
  return async (_req: Request, res: Response): Promise<void> => {
    const siteUrl = config.publicSiteUrl;
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let news: NewsSummary[] | null;
    try {
      news = await allNews(serverReader, abort.signal);
    } catch {
      news = null;
    }
    const items = [
      ...SITEMAP_PAGES.flatMap((page) => entry(siteUrl, href(page, DEFAULT_LANGUAGE))),
      ...(news ?? []).flatMap((item) => entry(siteUrl, href('newsItem', DEFAULT_LANGUAGE, { slug: item.slug }), item.publishedAt)),
    ];
    const xml = await streamToPromise(
      Readable.from(items).pipe(new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } })),
    );
    res
      .status(200)
      .type('application/xml')
      .set('Cache-Control', news ? 'public, max-age=3600' : 'no-cache')
      .send(xml);
  };
}

/** `GET /robots.txt`: everything but the API may be crawled; the sitemap's absolute address. */
export function robots(config: Config) {
  return (_req: Request, res: Response): void => {
    res
      .status(200)
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${config.publicSiteUrl}/sitemap.xml\n`);
  };
}
