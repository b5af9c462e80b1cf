import { Helmet } from 'react-helmet-async';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES, LANGUAGE_TAG, OG_LOCALE, languageFromPath, localizePath, type Language } from '../../shared/languages';
import { ogImagePath } from '../../shared/og-image';
import { useRuntime } from '../framework/runtime';

interface PageHeadProps {
  /** The page's own title; the brand is appended unless the title already is the brand's. */
  title: string;
  description?: string;
  /** Absolute or site-relative image; defaults to the page's raster share card in its language (server/site/seo/og-image.ts). */
  image?: string;
  type?: 'website' | 'article';
  /** Query parameters that make a distinct page (e.g. `page` of a list), kept in canonical links. */
  canonicalQuery?: Record<string, string | number | undefined>;
  noIndex?: boolean;
  /** False on an error page: it has no canonical address, and hreflang must not point at other 404s. */
  linked?: boolean;
}

/**
 * The one head component of a page (react-helmet-async v3 on React 19 renders the tags and
 * React hoists them into <head>; nothing de-duplicates them, so each page renders exactly one).
 */
export function PageHead({ title, description, image, type = 'website', canonicalQuery, noIndex, linked = true }: PageHeadProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { config } = useRuntime();
  const lang = languageFromPath(pathname);
  const brand = t('common.brand');
  const fullTitle = title.includes(brand) ? title : `${title} | ${brand}`;
  const text = description ?? t('meta.siteDescription');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(canonicalQuery ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const search = query.size > 0 ? `?${query}` : '';
  const urlIn = (l: Language) => `${config.siteUrl}${localizePath(pathname, l)}${search}`;
  const imageUrl = absolute(image ?? ogImagePath(lang, pathname), config.siteUrl);
  return (
    <Helmet>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {linked ? <link rel="canonical" href={urlIn(lang)} /> : null}
      {linked
        ? [...LANGUAGES, 'x-default' as const].map((l) => (
            <link key={l} rel="alternate" hrefLang={l === 'x-default' ? l : LANGUAGE_TAG[l]} href={urlIn(l === 'x-default' ? 'ru' : l)} />
          ))
        : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={urlIn(lang)} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:alt" content={t('meta.ogImageAlt')} />
      <meta name="twitter:card" content="summary_large_image" />
    </Helmet>
  );
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
