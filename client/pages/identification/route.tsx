import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/Link';
import type { PointOfSale } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { PageIntro } from '../../components/PageIntro';
import { useLanguage } from '../../components/use-language';
import { BookingSummary } from '../../features/booking/BookingSummary';
import { PhoneVerification, usePhoneAuth } from '../../features/purchase/PhoneVerification';
import { carriedQuery } from '../../features/purchase/purchase-draft';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { useBooking } from '../../features/booking/use-booking';
import { useHydrated } from '../../components/use-hydrated';
import { optionalData, type Optional } from '../../framework/deferred';
import { IdentificationForm } from './IdentificationForm';
import './identification.css';

/** The points of sale offering identification: an optional part (the remote way needs none). */
export async function loader({ context }: LoaderFunctionArgs) {
  return optionalData(context, { points: fetchPointsOfSale(context, { service: 'identification' }).then((list) => list.items) });
}

export { action } from './actions';

export function Component() {
  const { t } = useTranslation();
  const { points } = useLoaderData<typeof loader>();
  const booking = useBooking();
  const hydrated = useHydrated();
  return (
    <div className="container page page--identification purchase">
      <PageIntro page="identification" />
      <PurchaseSteps current="identification" />
      {!hydrated ? (
        <p className="loading">{t('purchase.loading')}</p>
      ) : !booking.reservation ? (
        booking.expiredNumber ? (
          <BookingSummary booking={booking} />
        ) : (
          <NumberFirst />
        )
      ) : (
        <>
          <BookingSummary booking={booking} />
          <IdentificationSteps points={points} />
        </>
      )}
    </div>
  );
}

/** Identification belongs to a number: without a booking there is nothing to identify for. */
export function NumberFirst() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  return (
    <div className="notice notice--warning" role="alert">
      <p>{t('messages.selectNumberFirst')}</p>
      <p>
        <Link className="button button--primary" to={href('numbers', lang, {}, carriedQuery(new URLSearchParams(search)))}>
          {t('identification.chooseNumber')}
        </Link>
      </p>
    </div>
  );
}

function IdentificationSteps({ points }: { points: Optional<PointOfSale[]> }) {
  const { t } = useTranslation();
  const auth = usePhoneAuth();
  return (
    <>
      <section className="card purchase-step" aria-labelledby="phone-step-title">
        <h2 id="phone-step-title">{t('identification.phoneStep')}</h2>
        <PhoneVerification idPrefix="identification" />
      </section>
      <section className="card purchase-step" aria-labelledby="identity-step-title">
        <h2 id="identity-step-title">{t('identification.identityStep')}</h2>
        {auth ? <IdentificationForm points={points} /> : <p className="empty-state">{t('identification.phoneFirst')}</p>}
      </section>
    </>
  );
}
