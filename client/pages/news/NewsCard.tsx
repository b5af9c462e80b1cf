import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { NewsSummary } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { formatDate } from '../../format';

/** One item of the list; the whole card is a link to the item (the title's link stretched over it). */
export function NewsCard({ item, lang, eager }: { item: NewsSummary; lang: Language; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="news-card">
      <img
        className="news-card__image"
        src={item.image.url}
        width={item.image.width}
        height={item.image.height}
        alt={t('news.imageAlt', { title: item.title })}
        // The first row is in view at once: loading it lazily would only delay it.
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="news-card__body">
        <time className="news-card__date" dateTime={item.publishedAt}>
          {formatDate(item.publishedAt, lang)}
        </time>
        <h2 className="news-card__title">
          <Link className="news-card__link" to={href('newsItem', lang, { slug: item.slug })}>
            {item.title}
          </Link>
        </h2>
        <p className="news-card__summary">{item.summary}</p>
      </div>
    </li>
  );
}
