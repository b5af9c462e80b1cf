import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import type { ReadyTariff } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { TariffCard } from '../../features/tariffs/TariffCard';
import { useHydrated } from '../../components/use-hydrated';
import { useQueryState } from '../../features/tariffs/use-query-state';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import { CompareTable } from './CompareTable';
import { CompareTray } from './CompareTray';
import { MAX_COMPARED, comparisonFromQuery, comparisonSearch } from './compare';
import { HydrationBoundary } from '../../components/HydrationBoundary';

/** The tariff cards a phone shows on its first screen. */
const FIRST_SCREEN_CARDS = 2;

export const COMPARE_FORM_ID = 'tariff-compare';

/**
 * The ready tariffs with a "compare" box on each. The comparison is the URL's `compare` query,
 * so the server renders it and a link shares it; without JavaScript the boxes are a GET form.
 */
export function TariffCatalogue({ tariffs }: { tariffs: ReadyTariff[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const hydrated = useHydrated();
  const [query] = useSearchParams();
  const [ids, setIds] = useQueryState(
    (current) => comparisonFromQuery(current, tariffs).ids,
    (next) => comparisonSearch(next, tariffs),
  );
  const truncated = comparisonFromQuery(query, tariffs).truncated;
  const compared = tariffs.filter((tariff) => ids.includes(tariff.id));
  const pageHref = href('specificTariffs', lang);
  const searchWith = (next: string[]) => `${pageHref}${comparisonSearch(next, tariffs)}`;
  const full = ids.length >= MAX_COMPARED;

  function toggle(id: string, on: boolean) {
    setIds(on ? [...ids, id] : ids.filter((other) => other !== id));
  }

  // With JavaScript every box has already put the comparison in the URL: submitting adds nothing.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    pushFormSubmission(COMPARE_FORM_ID);
  }

  return (
    <>
      {compared.length > 0 ? (
        <section className="comparison" aria-labelledby="comparison-title" id="comparison">
          <div className="comparison__head">
            <h2 id="comparison-title" tabIndex={-1}>
              {t('tariffs.compare.title')}
            </h2>
            <Link className="comparison__clear" to={pageHref} replace preventScrollReset>
              {t('tariffs.compare.clear')}
            </Link>
          </div>
          {truncated ? <p className="comparison__hint">{t('tariffs.compare.limit', { max: MAX_COMPARED })}</p> : null}
          {compared.length < 2 ? (
            <p className="comparison__hint">{t('tariffs.compare.pickMore')}</p>
          ) : (
            <CompareTable tariffs={compared} removeHref={(id) => searchWith(ids.filter((other) => other !== id))} />
          )}
        </section>
      ) : null}
      <form className="tariff-catalogue" method="get" action={pageHref} onSubmit={onSubmit} aria-label={t('tariffs.compare.formLabel')}>
        <div className="tariff-catalogue__toolbar">
          <p className="tariff-catalogue__hint" role="status">
            {ids.length === 0
              ? t('tariffs.compare.hint', { max: MAX_COMPARED })
              : t('tariffs.compare.selected', { selected: ids.length, max: MAX_COMPARED })}
          </p>
          {hydrated ? null : (
            <button type="submit" className="button">
              {t('tariffs.compare.submit')}
            </button>
          )}
        </div>
        <ul className="tariff-grid" role="list">
          {tariffs.map((tariff, index) => {
            const checked = ids.includes(tariff.id);
            const card = (
              <TariffCard tariff={tariff}>
                <label className="compare-toggle">
                  <input
                    type="checkbox"
                    name="compare"
                    value={tariff.id}
                    checked={checked}
                    disabled={hydrated && full && !checked}
                    onChange={(event) => toggle(tariff.id, event.target.checked)}
                  />
                  <span>
                    {t('tariffs.compare.toggle')}
                    <span className="visually-hidden"> {tariff.name}</span>
                  </span>
                </label>
              </TariffCard>
            );
            // The cards below a phone's first screen are hydrated each on its own (issue 35).
            return <li key={tariff.id}>{index < FIRST_SCREEN_CARDS ? card : <HydrationBoundary>{card}</HydrationBoundary>}</li>;
          })}
        </ul>
        {hydrated && compared.length >= 2 ? (
          <CompareTray selected={compared.length} comparisonId="comparison" headingId="comparison-title" />
        ) : null}
      </form>
    </>
  );
}
