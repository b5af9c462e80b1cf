import type { Language } from '../../../shared/languages';

export interface SiteContext {
  /** Origin of the site. */
  siteUrl: string;
  /** Absolute URL of the home page in this language. */
  homeUrl: string;
  lang: Language;
  brand: string;
  description: string;
}

/**
 * schema.org `Organization` and `WebSite` of the home page
 * (https://developers.google.com/search/docs/appearance/structured-data/organization): who runs
 * the site and what it is called, beside the news items' own `Article`.
 */
export function siteStructuredData(context: SiteContext): Record<string, unknown> {
  const organizationId = `${context.siteUrl}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: context.brand,
        url: context.siteUrl,
        logo: `${context.siteUrl}/favicon.svg`,
        description: context.description,
        areaServed: 'UZ',
      },
      {
        '@type': 'WebSite',
        '@id': `${context.homeUrl}#website`,
        name: context.brand,
        url: context.homeUrl,
        inLanguage: context.lang,
        description: context.description,
        publisher: { '@id': organizationId },
      },
    ],
  };
}
