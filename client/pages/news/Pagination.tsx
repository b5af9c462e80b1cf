import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import type { Language } from '../../../shared/languages';
import { href } from '../../../shared/paths';
import { pageLinks } from './news-query';

/** Real links to the other pages of the list (`?page=2`), rendered by the server. */
function pageHref(page: number, lang: Language): string {
  return href('news', lang, {}, { page: page > 1 ? page : undefined });
}

export function Pagination({ page, last, lang }: { page: number; last: number; lang: Language }) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('news.pagination.label')}>
      {page > 1 ? (
        <Link className="pagination__step" to={pageHref(page - 1, lang)} rel="prev">
          {t('news.pagination.previous')}
        </Link>
      ) : null}
      <ol className="pagination__pages">
        {pageLinks(page, last).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="visually-hidden">{t('news.pagination.page')} </span>
                  {p}
                </span>
              ) : (
                <Link className="pagination__page" to={pageHref(p, lang)}>
                  <span className="visually-hidden">{t('news.pagination.page')} </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < last ? (
        <Link className="pagination__step" to={pageHref(page + 1, lang)} rel="next">
          {t('news.pagination.next')}
        </Link>
      ) : null}
    </nav>
  );
}
