import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { PointOfSale, PointOfSaleList, ReadyTariff, SimType, SimTypeList, TariffList } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { apiClient } from '../../api-client';
import { PageIntro } from '../../components/PageIntro';
import { useLanguage } from '../../components/use-language';
import { BookingSummary } from '../../features/purchase/BookingSummary';
import { carriedQuery } from '../../features/purchase/purchase-draft';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { SupportLink } from '../../features/purchase/SupportLink';
import { formatTashkentTime } from '../../features/purchase/time-format';
import { useBookingWatcher } from '../../features/purchase/use-booking-watcher';
import { useHydrated } from '../../components/use-hydrated';
import { OrderSummary } from './OrderSummary';
import { PaymentForm } from './PaymentForm';
import { usePaymentFlow, type PaymentView } from './use-payment-flow';

interface PaymentData {
  tariffs: ReadyTariff[] | null;
  simTypes: SimType[] | null;
  points: PointOfSale[] | null;
}

/** The catalogues the summary names things from; the visitor's own order is read after hydration. */
export async function loader({ context }: LoaderFunctionArgs): Promise<PaymentData> {
  const api = apiClient(context);
  const [tariffs, simTypes, points] = await Promise.all([
    api.get<TariffList>('/tariffs').then((r) => r.data.items, () => null),
    api.get<SimTypeList>('/sim-types').then((r) => r.data.items, () => null),
    api.get<PointOfSaleList>('/points-of-sale', { params: { service: 'sim' } }).then((r) => r.data.items, () => null),
  ]);
  return { tariffs, simTypes, points };
}

export function Component() {
  const { t } = useTranslation();
  const data = useLoaderData() as PaymentData;
  const hydrated = useHydrated();
  const booking = useBookingWatcher();
  const { view, setView, checkPaid } = usePaymentFlow(data, hydrated);
  return (
    <div className="container page page--payment purchase">
      <PageIntro page="payment" />
      {/* What the visitor must act on comes first: on a phone the order summary would push it off the first screen. */}
      {view.mode === 'order' && view.notActivated ? (
        <NotActivated view={view} onRecheck={() => checkPaid(view.order.id).then(setView, () => undefined)} onTryAgain={() => setView({ ...view, notActivated: false })} />
      ) : null}
      <PurchaseSteps current="payment" />
      {view.mode === 'loading' ? <p className="loading">{t('purchase.loading')}</p> : null}
      {view.mode === 'draft' ? <BookingSummary booking={booking} /> : null}
      {view.mode === 'draft' || view.mode === 'order' ? (
        <div className="payment-layout">
          <OrderSummary lines={view.lines} points={data.points} />
          <div className="payment-layout__side">
            {view.mode === 'order' ? <p className="notice">{t('payment.heldUntil', { time: formatTashkentTime(view.order.paymentDeadline) })}</p> : null}
            {view.mode === 'order' && view.notActivated ? null : (
              <PaymentForm
                orderId={view.mode === 'order' ? view.order.id : null}
                lines={view.lines}
                onAlreadyPaid={view.mode === 'order' ? () => void checkPaid(view.order.id).then(setView, () => undefined) : null}
              />
            )}
          </div>
        </div>
      ) : (
        <Blocked view={view} booking={booking} />
      )}
    </div>
  );
}

function NotActivated({ view, onRecheck, onTryAgain }: { view: Extract<PaymentView, { mode: 'order' }>; onRecheck: () => void; onTryAgain: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <div className="card not-activated" role="alert">
      <p className="not-activated__message">{t('messages.notActivated')}</p>
      <p className="not-activated__detail">{t('payment.notActivatedDetail', { number: view.order.formatted })}</p>
      <p className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onTryAgain();
            if (new URLSearchParams(search).has('order')) navigate(href('payment', lang, {}, carriedQuery(new URLSearchParams(search))), { replace: true });
          }}
        >
          {t('actions.tryAgain')}
        </button>
        <button type="button" className="button" onClick={onRecheck}>
          {t('messages.alreadyPaid')}
        </button>
        <SupportLink />
      </p>
    </div>
  );
}

/** The step cannot go on yet: say why, in the spec's words, and where to go. */
function Blocked({ view, booking }: { view: PaymentView; booking: ReturnType<typeof useBookingWatcher> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, pathname } = useLocation();
  const carried = carriedQuery(new URLSearchParams(search));
  if (view.mode === 'loading') return null;
  if (view.mode === 'selectNumber' && booking.expiredNumber) return <BookingSummary booking={booking} />;
  const content = {
    selectNumber: { text: t('messages.selectNumberFirst'), to: href('numbers', lang, {}, carried), action: t('payment.toNumbers') },
    register: { text: t('messages.registerFirst'), to: href('identification', lang, {}, carried), action: t('payment.toIdentification') },
    chooseOptions: { text: t('payment.chooseOptions'), to: href('numbers', lang, {}, carried), action: t('payment.toOptions') },
    expired: { text: view.mode === 'expired' ? view.message : '', to: href('numbers', lang, {}, carried), action: t('payment.toNumbers') },
    failed: { text: t('payment.loadFailed'), to: `${pathname}${search}`, action: t('actions.retry') },
  }[view.mode as 'selectNumber' | 'register' | 'chooseOptions' | 'expired' | 'failed'];
  return (
    <>
      {view.mode === 'register' || view.mode === 'chooseOptions' ? <BookingSummary booking={booking} /> : null}
      <div className="notice notice--warning" role="alert">
        <p>{content.text}</p>
        <p>
          <Link className="button button--primary" to={content.to}>
            {content.action}
          </Link>
        </p>
      </div>
    </>
  );
}
