import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import type { NumberCategory } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { carriedQuery } from '../purchase/purchase-draft';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { activeFilters, type NumberFilters } from './search-query';
import { FiltersSheet } from './FiltersSheet';
import './search.css';

const FORM_ID = 'number-search';

/**
 * The filters: a real GET form, so the server renders the result of any query and the page
 * works without JavaScript; with it, react-router submits it as a client navigation. First the
 * digits and their button, then the other filters in a sheet (FiltersSheet: a dialog on a phone,
 * beside the results on a wide screen), so a phone sees numbers on its first screen.
 */
export function NumberFiltersForm({
  filters,
  categories,
  aside,
}: {
  filters: NumberFilters;
  categories: NumberCategory[] | null;
  /** Before the button that opens the other filters (the way to the auctions): above them beside the results. */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const carried = carriedQuery(new URLSearchParams(search));
  const more = activeFilters(filters).length;
  return (
    <Form
      method="get"
      preventScrollReset
      id={FORM_ID}
      className="number-filters card"
      aria-labelledby="number-filters-title"
      onSubmit={() => pushFormSubmission(FORM_ID)}
    >
      <h2 id="number-filters-title" className="number-filters__title">
        {t('numbers.filters.title')}
      </h2>
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field number-search__digits">
        <label className="field__label" htmlFor="filter-contains">
          {t('numbers.filters.contains')}
        </label>
        {/* Not name="contains": a form's named control shadows the form's own property of that name (form.contains). */}
        {/* Dots and dashes too: a date typed here (25.11.1990) is searched as a date. */}
        <div className="number-search__bar">
          <input
            id="filter-contains"
            type="text"
            name="digits"
            inputMode="numeric"
            pattern="[0-9./\-]*"
            maxLength={10}
            defaultValue={filters.digits}
          />
          <button type="submit" className="button button--primary">
            {t('numbers.filters.submit')}
          </button>
        </div>
      </div>
      <div className="number-search__tools">
        {aside}
        <FiltersSheet label={more > 0 ? t('numbers.filters.moreCount', { count: more }) : t('numbers.filters.more')}>
          <div className="field">
            <label className="field__label" htmlFor="filter-category">
              {t('numbers.filters.category')}
            </label>
            <select id="filter-category" name="category" defaultValue={filters.category}>
              <option value="">{t('numbers.filters.anyCategory')}</option>
              {(categories ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {`${category.price === 0 ? category.name : `${category.name} · ${formatUzs(category.price, lang)}`} · ${category.pattern}`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="filter-ends">
              {t('numbers.filters.endsWith')}
            </label>
            <input
              id="filter-ends"
              type="text"
              name="endsWith"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={7}
              defaultValue={filters.endsWith}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="filter-date">
              {t('numbers.filters.date')}
            </label>
            <p className="field__hint" id="filter-date-hint">
              {t('numbers.filters.dateHint')}
            </p>
            <input
              type="text"
              id="filter-date"
              name="date"
              aria-describedby="filter-date-hint"
              maxLength={20}
              placeholder="25.11.1990"
              defaultValue={filters.date}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="filter-mask">
              {t('numbers.filters.mask')}
            </label>
            <p className="field__hint" id="filter-mask-hint">
              {t('numbers.filters.maskHint')}
            </p>
            <input
              type="text"
              id="filter-mask"
              name="mask"
              aria-describedby="filter-mask-hint"
              maxLength={20}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXX-YY-YY"
              defaultValue={filters.mask}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="filter-pattern">
              {t('numbers.filters.pattern')}
            </label>
            <select id="filter-pattern" name="pattern" defaultValue={filters.pattern}>
              <option value="">{t('numbers.filters.anyPattern')}</option>
              <option value="repeats">{t('numbers.filters.patterns.repeats')}</option>
              <option value="mirror">{t('numbers.filters.patterns.mirror')}</option>
              <option value="sequence">{t('numbers.filters.patterns.sequence')}</option>
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="filter-sort">
              {t('numbers.filters.sort')}
            </label>
            <select id="filter-sort" name="sort" defaultValue={filters.sort}>
              <option value="">{t('numbers.filters.sortDefault')}</option>
              <option value="price_asc">{t('numbers.filters.sortPriceAsc')}</option>
              <option value="price_desc">{t('numbers.filters.sortPriceDesc')}</option>
            </select>
          </div>
          <div className="number-filters__actions">
            <button type="submit" className="button button--primary">
              {t('numbers.filters.apply')}
            </button>
            <Link className="button" to={href('numbers', lang, {}, carried)} preventScrollReset>
              {t('numbers.filters.reset')}
            </Link>
          </div>
        </FiltersSheet>
      </div>
    </Form>
  );
}
