import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Link } from '../../components/Link';
import type { PointOfSaleList } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { coordinateParam, POINT_SERVICES, type PointFilters } from '../../features/points-of-sale/point-query';

/** A plain GET form: without JavaScript the server renders the filtered list from the query. */
export function FilterForm({ filters, cities }: { filters: PointFilters; cities: PointOfSaleList['cities'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filtered = filters.city !== null || filters.service !== null || filters.lat !== null;
  return (
    <Form
      method="get"
      preventScrollReset
      className="pos-filters card"
      onSubmit={() => pushFormSubmission('points-of-sale-filter')}
      aria-label={t('pointsOfSale.filters.label')}
    >
      <div className="pos-filters__field">
        <label htmlFor="pos-city">{t('pointsOfSale.filters.city')}</label>
        <select id="pos-city" name="city" defaultValue={filters.city ?? ''} key={`city-${filters.city ?? ''}`}>
          <option value="">{t('pointsOfSale.filters.allCities')}</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
      </div>
      <div className="pos-filters__field">
        <label htmlFor="pos-service">{t('pointsOfSale.filters.service')}</label>
        <select id="pos-service" name="service" defaultValue={filters.service ?? ''} key={`service-${filters.service ?? ''}`}>
          <option value="">{t('pointsOfSale.filters.allServices')}</option>
          {POINT_SERVICES.map((service) => (
            <option key={service} value={service}>
              {t(`pointsOfSale.services.${service}`)}
            </option>
          ))}
        </select>
      </div>
      {filters.lat !== null && filters.lon !== null ? (
        <>
          <input type="hidden" name="lat" value={coordinateParam(filters.lat)} />
          <input type="hidden" name="lon" value={coordinateParam(filters.lon)} />
        </>
      ) : null}
      <div className="pos-filters__actions">
        <button type="submit" className="button button--primary">
          {t('pointsOfSale.filters.apply')}
        </button>
        {filtered ? (
          <Link className="button" to={href('pointsOfSale', lang)} preventScrollReset>
            {t('pointsOfSale.filters.reset')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
