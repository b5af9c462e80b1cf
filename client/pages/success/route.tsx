import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import type { Order, OrderStatusResponse, PointOfSale } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { checkOrderStatus, fetchOrder } from '../../api/orders';
import { LoadError } from '../../components/LoadError';
import { PageHead } from '../../components/PageHead';
import { useLanguage } from '../../components/use-language';
import { browserLoader, useBrowserLoaderData } from '../../features/purchase/browser-loader';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { SupportLink } from '../../features/purchase/SupportLink';
import { readOrderAccess } from '../../../shared/tokens';
import { EsimInstall } from '../../features/esim/EsimInstall';
import { INSTALL_LINKS, installRoute } from '../../features/esim/device';
import { useDevice } from '../../features/esim/use-device';
import './success.css';

type SuccessView =
  | { state: 'none' }
  | { state: 'activated'; status: OrderStatusResponse; order: Order | null; point: PointOfSale | null }
  | { state: 'notActivated'; orderId: string }
  | { state: 'failed' };

/** The order is in the URL (the payment's return) or the visitor's access_token. */
export const loader = browserLoader(async ({ request }): Promise<SuccessView> => {
  const orderId = new URL(request.url).searchParams.get('order') ?? readOrderAccess()?.orderId ?? null;
  if (!orderId) return { state: 'none' };
  try {
    const status = await checkOrderStatus(orderId);
    if (status.result !== 'activated') return { state: 'notActivated', orderId };
    const order = await fetchOrder(orderId).catch(() => null);
    const pickup = order?.delivery?.method === 'pickup' ? order.delivery.pointOfSaleId : null;
    return { state: 'activated', status, order, point: pickup ? await pickupPoint(pickup) : null };
  } catch {
    return { state: 'failed' };
  }
});

/**
 * The point of sale a SIM card waits at, named on the page; null when it cannot be read (the text
 * then says "the point you chose"). Its reader loads only for such an order, not with the page.
 */
async function pickupPoint(id: string): Promise<PointOfSale | null> {
  const points = await import('../../api/points-of-sale')
    .then(({ fetchPointsOfSale }) => fetchPointsOfSale(undefined, { service: 'sim' }))
    .catch(() => null);
  return points?.items.find((point) => point.id === id) ?? null;
}

/**
 * The end of the purchase: the number and "The number was successfully activated!", asked of
 * the server (the order is in the URL or the visitor's access_token), never assumed.
 */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const data = useLoaderData<typeof loader>();
  const { busy, retry } = useBrowserLoaderData(data);
  const view = data ?? { state: 'checking' as const };

  return (
    <div className="container page page--success purchase">
      <PageHead title={t('pages.success.title')} description={t('pages.success.intro')} noIndex />
      <header className="page-intro">
        <h1>
          {view.state === 'notActivated'
            ? t('success.notActiveTitle')
            : view.state === 'none' || view.state === 'failed'
              ? t('success.noOrderTitle')
              : t('pages.success.title')}
        </h1>
        <p className="page-intro__lead">{t('pages.success.intro')}</p>
      </header>
      <PurchaseSteps current="activation" />
      {view.state === 'checking' || busy ? <p className="loading">{t('success.checking')}</p> : null}
      {view.state === 'activated' ? (
        <section className="card success-card" aria-labelledby="success-title" role="status">
          <p className="success-card__mark" aria-hidden="true">
            ✓
          </p>
          <h2 id="success-title">{t('messages.activated')}</h2>
          <p className="success-card__number phone-number">{view.status.formatted}</p>
          {view.order ? <Delivery order={view.order} point={view.point} /> : null}
          <p className="button-row">
            {view.order ? <MainAction order={view.order} /> : null}
            <Link className="button" to={href('home', lang)}>
              {t('success.home')}
            </Link>
            {view.order?.delivery?.method === 'pickup' ? null : (
              <Link className="button" to={href('pointsOfSale', lang)}>
                {t('success.points')}
              </Link>
            )}
          </p>
        </section>
      ) : null}
      {view.state === 'activated' && !busy ? <OrderNextStep order={view.order} onRetry={retry} /> : null}
      {view.state === 'notActivated' ? (
        <div className="notice notice--warning" role="alert">
          <p>{t('messages.notActivated')}</p>
          <p className="button-row">
            <Link className="button button--primary" to={href('payment', lang)} data-main-action>
              {t('actions.tryAgain')}
            </Link>
            <SupportLink />
          </p>
        </div>
      ) : null}
      {view.state === 'failed' && !busy ? <LoadError message={t('success.failed')} onRetry={retry} /> : null}
      {view.state === 'none' || view.state === 'failed' ? (
        <div className="notice" role="status">
          {view.state === 'none' ? <p>{t('success.noOrder')}</p> : null}
          <p className="button-row">
            <Link className="button button--primary" to={href('numbers', lang)} data-main-action>
              {t('success.toNumbers')}
            </Link>
            <SupportLink />
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * What the visitor does next with an activated order: an eSIM installs from here (or, without its
 * profile, the part says so and offers Retry); a SIM card needs nothing more on this page.
 */
function OrderNextStep({ order, onRetry }: { order: Order | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!order) return <LoadError message={t('success.orderFailed')} onRetry={onRetry} role="status" />;
  if (order.simType !== 'esim') return null;
  if (!order.esim) return <LoadError message={t('esim.missing')} onRetry={onRetry} role="status" />;
  return <EsimInstall profile={order.esim} email={order.email} installShownAbove />;
}

/**
 * The order's main action, first and primary: an eSIM installs on this phone (the install link
 * where the phone takes one, else the install part below: the two named links, or the QR code on
 * a computer); a SIM card picked up: where the point of sale is. A SIM card the courier brings
 * needs no action: its delivery is the card's main content.
 */
function MainAction({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const device = useDevice();
  if (order.simType === 'esim' && order.esim) {
    const route = device ? installRoute(device) : null;
    const link = route === 'ios' || route === 'android' ? INSTALL_LINKS[route](order.esim.activationCode) : '#esim-install-title';
    return (
      <a className="button button--primary" href={link} data-main-action>
        {route === null || route === 'elsewhere' ? t('esim.title') : t('esim.installHere')}
      </a>
    );
  }
  if (order.delivery?.method !== 'pickup') return null;
  return (
    <Link className="button button--primary" to={href('pointsOfSale', lang)} data-main-action>
      {t('success.points')}
    </Link>
  );
}

/** How the visitor gets what they bought: the eSIM below, or the SIM card's delivery or pickup point, as the card's main content. */
function Delivery({ order, point }: { order: Order; point: PointOfSale | null }) {
  const { t } = useTranslation();
  if (order.simType === 'esim') return <p className="success-card__next">{t('success.esim', { email: order.email ?? '' })}</p>;
  const text =
    order.delivery?.method === 'courier'
      ? t('success.courier', { address: order.delivery.address })
      : point
        ? t('success.pickupAt', { point: `${point.cityName}, ${point.address}` })
        : t('success.pickup');
  return (
    <div className="success-card__delivery">
      <h3>{t('success.simTitle')}</h3>
      <p>{text}</p>
    </div>
  );
}
