import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NUMBER_SEARCH_DEPTH } from '../../../shared/contract/search-depth';
import { href } from '../../../shared/paths';
import { Link } from '../../components/Link';
import { useLanguage } from '../../components/use-language';
import { carriedQuery } from '../purchase/purchase-draft';
import { formatNumber } from '../../format';
import { filterQuery, type NumberFilters } from './search-query';

/**
 * In place of results, for a page asked for by its number past the deepest one listed that way
 * (NUMBER_SEARCH_DEPTH results): why nothing is shown, what to do instead, and the search's first page.
 */
export function DeepPageNotice({ filters }: { filters: NumberFilters }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const firstPage = href('numbers', lang, {}, { ...carriedQuery(new URLSearchParams(search)), ...filterQuery(filters) });
  return (
    <div className="notice notice--warning" role="status">
      <p>{t('numbers.results.tooDeep', { max: formatNumber(NUMBER_SEARCH_DEPTH, lang) })}</p>
      <p className="button-row">
        <Link className="button" to={firstPage}>
          {t('numbers.results.firstPage')}
        </Link>
      </p>
    </div>
  );
}
