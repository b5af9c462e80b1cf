import type { NewsItem } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';

export interface ArticleContext {
  /** Absolute URL of the item's page in this language. */
  url: string;
  /** Origin of the site, for absolute image and logo URLs. */
  siteUrl: string;
  lang: Language;
  brand: string;
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** schema.org `Article` of a news item (https://developers.google.com/search/docs/appearance/structured-data/article). */
export function articleStructuredData(item: NewsItem, context: ArticleContext): Record<string, unknown> {
  const organization = { '@type': 'Organization', name: context.brand, url: context.siteUrl };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: item.title,
    description: item.summary,
    image: [absolute(item.image.url, context.siteUrl)],
    datePublished: item.publishedAt,
    dateModified: item.publishedAt,
    inLanguage: context.lang,
    url: context.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': context.url },
    author: organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: `${context.siteUrl}/favicon.svg` } },
  };
}
