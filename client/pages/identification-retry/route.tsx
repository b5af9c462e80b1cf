import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { currentIdentification } from '../../api/identification';
import { PageIntro } from '../../components/PageIntro';
import { useLanguage } from '../../components/use-language';
import { BookingSummary } from '../../features/booking/BookingSummary';
import { browserLoader, useBrowserLoaderData } from '../../features/purchase/browser-loader';
import { carriedQuery } from '../../features/purchase/purchase-draft';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { SupportLink } from '../../features/purchase/SupportLink';
import { useBooking } from '../../features/booking/use-booking';
import { rejectionHintKey } from './rejection-hint';
import './identification-retry.css';

/**
 * Reached without a reason (a bookmark, another tab): the phone's latest result says it. Without
 * it the page still gives the generic hint, so a failure here needs no message of its own.
 */
export const loader = browserLoader(async ({ request }) => {
  if (rejectionHintKey(new URL(request.url).searchParams.get('reason'))) return { latest: null };
  return { latest: await currentIdentification().catch(() => null) };
});

/**
 * After a rejected identification: what to fix (the API's reason, carried in the query so the
 * server renders it), then Retry and Support Service (docs/domain.md: never a failure without a hint).
 */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const booking = useBooking();
  const hintKey = rejectionHintKey(query.get('reason'));
  const data = useLoaderData<typeof loader>();
  useBrowserLoaderData(data);
  const latest = hintKey ? null : (data?.latest ?? null);

  const hint = hintKey ? t(hintKey) : (latest?.hint ?? null);
  return (
    <div className="container page page--identification-retry purchase">
      <PageIntro page="identificationRetry" />
      {/* What to fix and Retry first: on a phone the steps and the booking would push them off the first screen. */}
      <section className="card retry-card" aria-labelledby="retry-fix-title">
        <h2 id="retry-fix-title">{t('identification.retry.whatToFix')}</h2>
        <p className="retry-card__hint">{hint ?? t('identification.retry.generic')}</p>
        {latest?.document ? (
          <p className="retry-card__detail">{t('identification.retry.document', { document: latest.document })}</p>
        ) : null}
        <p className="retry-card__detail">{t('identification.retry.tips')}</p>
        <p className="button-row">
          <Link className="button button--primary" to={href('identification', lang, {}, carriedQuery(query))}>
            {t('actions.retry')}
          </Link>
          <SupportLink />
        </p>
      </section>
      <PurchaseSteps current="identification" />
      <BookingSummary booking={booking} />
    </div>
  );
}
