import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { NumberCategory, Watch } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import { useHydrated } from '../../components/use-hydrated';
import { useLanguage } from '../../components/use-language';
import { formatDate } from '../../format';
import { PhoneVerification, usePhoneAuth } from '../purchase/PhoneVerification';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { WatchAction } from './actions';
import { watchesPath } from './watches-path';
import type { NumberFilters } from '../number-search/search-query';
import type { loader as watchesLoader } from './watches';

/** The search as a watch saves it: its one digit criterion and its category (the API's field names). */
function watchOf(filters: NumberFilters): Record<string, string> | null {
  const [field, value] = filters.mask
    ? ['mask', filters.mask]
    : filters.date
      ? ['date', filters.date]
      : filters.endsWith
        ? ['endsWith', filters.endsWith]
        : ['contains', filters.digits];
  const watch: Record<string, string> = {};
  if (value) watch[field] = value;
  if (filters.category) watch.category = filters.category;
  return Object.keys(watch).length > 0 ? watch : null;
}

/**
 * "My watches" (issue 33): a visitor with a phone confirmed by SMS saves the search they made as
 * a watch and gets an SMS when a matching number comes free; here they see and remove their
 * watches (the SMS links to `#my-watches`). The list is the browser's: the server has no token
 * to read it with, so it renders the heading and the explanation only.
 */
export function WatchesSection({ filters, categories }: { filters: NumberFilters; categories: NumberCategory[] | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const hydrated = useHydrated();
  const auth = usePhoneAuth();
  const reading = useFetcher<typeof watchesLoader>();
  const saving = useFetcher<WatchAction>();
  const removing = useFetcher<WatchAction>();
  const saved = saving.state === 'idle' && saving.data?.intent === 'watch' ? saving.data : null;
  const removed = removing.state === 'idle' && removing.data?.intent === 'unwatch' ? removing.data : null;

  // Read again for each confirmed phone and after each change the visitor made.
  const load = reading.load;
  const phone = auth?.phone ?? null;
  useEffect(() => {
    if (phone && hydrated) void load(watchesPath(lang));
  }, [phone, hydrated, lang, load, saving.data, removing.data]);

  const watch = watchOf(filters);
  const items = phone ? (reading.data ?? null) : null;
  const categoryName = (id: string | null) => categories?.find((c) => c.id === id)?.name ?? id ?? '';
  const describe = (w: Watch) =>
    [
      w.mask ? t('numbers.watches.kinds.mask', { value: w.mask }) : null,
      w.contains ? t('numbers.watches.kinds.contains', { value: w.contains }) : null,
      w.endsWith ? t('numbers.watches.kinds.endsWith', { value: w.endsWith }) : null,
      w.date ? t('numbers.watches.kinds.date', { value: formatDate(w.date, lang) }) : null,
      w.category ? t('numbers.watches.kinds.category', { value: categoryName(w.category) }) : null,
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <section id="my-watches" className="number-watches" aria-labelledby="number-watches-title">
      <h2 id="number-watches-title">{t('numbers.watches.title')}</h2>
      <p>{t('numbers.watches.intro')}</p>
      {!hydrated ? null : !phone ? (
        <>
          <p>{t('numbers.watches.confirmPhone')}</p>
          <PhoneVerification idPrefix="watches" />
        </>
      ) : (
        <>
          {watch ? (
            <saving.Form method="post" className="button-row" onSubmit={() => pushFormSubmission('number-watch')}>
              <input type="hidden" name="intent" value="watch" />
              {Object.entries(watch).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button" disabled={saving.state !== 'idle'}>
                {t('numbers.watches.watchSearch')}
              </button>
            </saving.Form>
          ) : (
            <p className="number-watches__hint">{t('numbers.watches.searchFirst')}</p>
          )}
          {saved ? (
            <p className={`notice${saved.ok ? '' : ' notice--warning'}`} role={saved.ok ? 'status' : 'alert'}>
              {saved.ok ? t('numbers.watches.saved', { phone: formatUzPhone(phone) }) : (saved.message ?? t('numbers.watches.failed'))}
            </p>
          ) : null}
          {removed && !removed.ok ? (
            <p className="notice notice--warning" role="alert">
              {removed.message ?? t('numbers.watches.failed')}
            </p>
          ) : null}
          {items === null ? null : items.length === 0 ? (
            <p className="empty-state">{t('numbers.watches.none')}</p>
          ) : (
            <ul className="number-watches__list">
              {items.map((w) => (
                <li key={w.id} className="number-watches__item">
                  <span>{describe(w)}</span>
                  <span className="number-watches__until">{t('numbers.watches.until', { date: formatDate(w.expiresAt, lang) })}</span>
                  <removing.Form method="post" onSubmit={() => pushFormSubmission('number-watch-remove')}>
                    <input type="hidden" name="intent" value="unwatch" />
                    <input type="hidden" name="id" value={w.id} />
                    <button
                      type="submit"
                      className="button button--small"
                      disabled={removing.state !== 'idle'}
                      aria-label={t('numbers.watches.removeWatch', { what: describe(w) })}
                    >
                      {t('numbers.watches.remove')}
                    </button>
                  </removing.Form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
