import { failureStatus } from '../../../shared/api-failure';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { fetchNewsItem } from '../../api/news';
import { PageHead } from '../../components/PageHead';
import { useLanguage } from '../../components/use-language';
import { formatDate } from '../../format';
import { notFoundLoader } from '../../framework/not-found';
import { useRuntime } from '../../framework/runtime';
import { articleStructuredData } from './article-structured-data';
import { JsonLd } from '../../components/JsonLd';
import './news-item.css';

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  try {
    return await fetchNewsItem(context, params.slug ?? '');
  } catch (error) {
    // An unknown slug is the 404 page, like any unknown path.
    if (failureStatus(error) === 404) notFoundLoader({ request });
    throw error;
  }
}

export function Component() {
  const item = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pathname } = useLocation();
  const { config } = useRuntime();
  const structured = articleStructuredData(item, {
    url: `${config.siteUrl}${pathname}`,
    siteUrl: config.siteUrl,
    lang,
    brand: t('common.brand'),
  });
  return (
    <article className="container page page--news-item news-article">
      <PageHead title={item.title} description={item.summary} type="article" />
      <JsonLd data={structured} />
      <p className="news-article__back">
        <Link to={href('news', lang)}>{t('news.backToList')}</Link>
      </p>
      <header className="news-article__header">
        <h1>{item.title}</h1>
        <p className="news-article__meta">
          <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lang)}</time>
        </p>
        <p className="news-article__lead">{item.summary}</p>
      </header>
      <img
        className="news-article__image"
        src={item.image.url}
        width={item.image.width}
        height={item.image.height}
        alt={t('news.imageAlt', { title: item.title })}
        fetchPriority="high"
      />
      <div className="news-article__body">
        {item.body.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className="news-article__more">
        <Link className="button" to={href('news', lang)}>
          {t('news.moreNews')}
        </Link>
      </p>
    </article>
  );
}
