import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { NewsSummary } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { StreamedPart } from '../../components/StreamedPart';
import type { Optional } from '../../framework/deferred';
import { formatDate } from '../../format';
import { HomeSection } from './HomeSection';

export function LatestNews({ news }: { news: Optional<NewsSummary[]> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <HomeSection id="home-news" title={t('home.news.title')} more={{ to: href('news', lang), label: t('home.news.all') }}>
      <StreamedPart value={news} failure={t('home.news.loadError')}>
        {(items) => (
          <ul className="home-news" role="list">
            {items.map((item) => (
              <li key={item.slug}>
                <article className="home-news__item">
                  <img
                    className="home-news__image"
                    src={item.image.url}
                    width={item.image.width}
                    height={item.image.height}
                    alt=""
                    loading="lazy"
                  />
                  <div className="home-news__body">
                    <time className="home-news__date" dateTime={item.publishedAt}>
                      {formatDate(item.publishedAt, lang)}
                    </time>
                    <h3 className="home-news__title">
                      <Link to={href('newsItem', lang, { slug: item.slug })}>{item.title}</Link>
                    </h3>
                    <p className="home-news__summary">{item.summary}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </StreamedPart>
    </HomeSection>
  );
}
