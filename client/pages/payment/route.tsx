import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { LoadError } from '../../components/LoadError';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { useLanguage } from '../../components/use-language';
import { optionalData } from '../../framework/deferred';
import { BookingSummary } from '../../features/booking/BookingSummary';
import { browserLoader, useBrowserLoaderData } from '../../features/purchase/browser-loader';
import { carriedQuery } from '../../features/purchase/purchase-draft';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { SupportLink } from '../../features/purchase/SupportLink';
import { formatTashkentTime } from '../../features/purchase/time-format';
import { useBooking } from '../../features/booking/use-booking';
import { OrderSummary } from './OrderSummary';
import { PaymentForm } from './PaymentForm';
import { linesBeforeOrder, linesOfOrder } from './summary-lines';
import { decidePayment, fetchPaymentCatalogue, type PaymentCatalogue, type PaymentFlow } from './use-payment-flow';
import './payment.css';

const paymentFlow = browserLoader(({ request }) => decidePayment(new URL(request.url)));

/**
 * The catalogues the summary names things from (an optional part, on the server and in the
 * browser) and, in the browser, whose turn it is, read with the visitor's tokens.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [parts, flow] = await Promise.all([
    optionalData(args.context, { catalogue: fetchPaymentCatalogue(args.context) }),
    paymentFlow(args),
  ]);
  return { ...parts, flow };
}

export { action } from './actions';

type OrderFlow = Extract<PaymentFlow, { mode: 'order' }>;

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const data = useLoaderData<typeof loader>();
  const { busy, retry } = useBrowserLoaderData(data.flow, { followTokens: true });
  const booking = useBooking();
  const flow = data.flow;
  const carried = carriedQuery(new URLSearchParams(search));
  // "I've already paid" asks the server through the loader (`?order=`); Try Again goes back to the order.
  const alreadyPaid = (orderId: string) => navigate(href('payment', lang, {}, { ...carried, order: orderId }), { replace: true });
  const tryAgain = () => navigate(href('payment', lang, {}, carried), { replace: true });
  return (
    <div className="container page page--payment purchase">
      <PageIntro page="payment" />
      {/* What the visitor must act on comes first: on a phone the order summary would push it off the first screen. */}
      {flow?.mode === 'order' && (flow.payment === 'pending' || flow.payment === 'declined') ? (
        <PaymentAnswer flow={flow} onRecheck={() => alreadyPaid(flow.order.id)} onTryAgain={tryAgain} />
      ) : null}
      <PurchaseSteps current="payment" />
      {flow === null || busy ? <p className="loading">{t('purchase.loading')}</p> : null}
      {flow?.mode === 'failed' ? <LoadError message={t('payment.loadFailed')} onRetry={retry} /> : null}
      {flow?.mode === 'draft' || flow?.mode === 'order' ? (
        <StreamedPart value={data.catalogue} failure={t('payment.loadFailed')}>
          {(catalogue) => <PaymentStep flow={flow} catalogue={catalogue} booking={booking} onAlreadyPaid={alreadyPaid} />}
        </StreamedPart>
      ) : null}
      {flow?.mode === 'selectNumber' || flow?.mode === 'register' || flow?.mode === 'expired' ? (
        <Blocked flow={flow} booking={booking} />
      ) : null}
    </div>
  );
}

function PaymentStep({
  flow,
  catalogue,
  booking,
  onAlreadyPaid,
}: {
  flow: Extract<PaymentFlow, { mode: 'draft' | 'order' }>;
  catalogue: PaymentCatalogue;
  booking: ReturnType<typeof useBooking>;
  onAlreadyPaid: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const lines =
    flow.mode === 'order'
      ? linesOfOrder(flow.order, catalogue)
      : linesBeforeOrder(flow.held, flow.draft, new URLSearchParams(search), catalogue);
  if (!lines) return <Blocked flow={{ mode: 'chooseOptions' }} booking={booking} />;
  const order = flow.mode === 'order' ? flow.order : null;
  return (
    <>
      {flow.mode === 'draft' ? <BookingSummary booking={booking} /> : null}
      <div className="payment-layout">
        <OrderSummary lines={lines} points={catalogue.points} />
        <div className="payment-layout__side">
          {flow.mode === 'order' && flow.payment === 'pending' ? null : (
            <PaymentForm
              orderId={order?.id ?? null}
              total={lines.total}
              // "I've already paid" only where a payment may be on its way: never after a decline, nor before any payment.
              onAlreadyPaid={order && flow.mode === 'order' && flow.payment === 'unknown' ? () => onAlreadyPaid(order.id) : null}
            />
          )}
          {/* After the methods: on a phone they and the pay button come first on the screen. */}
          {order ? <p className="notice">{heldForPayment(order, t)}</p> : null}
        </div>
      </div>
    </>
  );
}

/**
 * The provider's answer, when it needs the visitor: declined (nothing was charged; the methods are
 * right below), or not arrived yet (Try Again, or "I've already paid" to ask the server again).
 */
function PaymentAnswer({ flow, onRecheck, onTryAgain }: { flow: OrderFlow; onRecheck: () => void; onTryAgain: () => void }) {
  const { t } = useTranslation();
  const declined = flow.payment === 'declined';
  return (
    <div className="card not-activated" role="alert">
      <p className="not-activated__message">{t(declined ? 'payment.declined' : 'messages.notActivated')}</p>
      {declined ? (
        <p className="not-activated__detail">
          {t('payment.declinedDetail')} <SupportLink className="not-activated__support" />
        </p>
      ) : (
        <>
          <p className="not-activated__detail">{t('payment.notActivatedDetail', { number: flow.order.formatted })}</p>
          <p className="button-row">
            <button type="button" className="button button--primary" onClick={onTryAgain}>
              {t('actions.tryAgain')}
            </button>
            <button type="button" className="button" onClick={onRecheck}>
              {t('messages.alreadyPaid')}
            </button>
            <SupportLink />
          </p>
        </>
      )}
    </div>
  );
}

type BlockedFlow = Extract<PaymentFlow, { mode: 'selectNumber' | 'register' | 'expired' }> | { mode: 'chooseOptions' };

/** The step cannot go on yet: say why, in the spec's words, and where to go. */
function Blocked({ flow, booking }: { flow: BlockedFlow; booking: ReturnType<typeof useBooking> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const carried = carriedQuery(new URLSearchParams(search));
  if (flow.mode === 'selectNumber' && booking.expiredNumber) return <BookingSummary booking={booking} />;
  const content = {
    selectNumber: { text: t('messages.selectNumberFirst'), to: href('numbers', lang, {}, carried), action: t('payment.toNumbers') },
    register: { text: t('messages.registerFirst'), to: href('identification', lang, {}, carried), action: t('payment.toIdentification') },
    chooseOptions: { text: t('payment.chooseOptions'), to: href('numbers', lang, {}, carried), action: t('payment.toOptions') },
    expired: { text: flow.mode === 'expired' ? flow.message : '', to: href('numbers', lang, {}, carried), action: t('payment.toNumbers') },
  }[flow.mode];
  return (
    <>
      {flow.mode === 'register' || flow.mode === 'chooseOptions' ? <BookingSummary booking={booking} /> : null}
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

/**
 * How long the order holds its number while the visitor pays, and until when: a premium number
 * for half an hour, a free one for hours (docs/api.md). Read from the order's own times, so the
 * server and the browser print the same text.
 */
function heldForPayment(order: { createdAt: string; paymentDeadline: string }, t: TFunction): string {
  const minutes = Math.max(1, Math.round((Date.parse(order.paymentDeadline) - Date.parse(order.createdAt)) / 60_000));
  const time = formatTashkentTime(order.paymentDeadline);
  return minutes >= 60 && minutes % 60 === 0
    ? t('payment.heldForHours', { hours: minutes / 60, time })
    : t('payment.heldForMinutes', { minutes, time });
}
