import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import type { Order, OrderStatusResponse } from '../../../shared/api-types';
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
import './success.css';

type SuccessView =
  | { state: 'none' }
  | { state: 'activated'; status: OrderStatusResponse; order: Order | null }
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
    return { state: 'activated', status, order };
  } catch {
    return { state: 'failed' };
  }
});

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
          {view.order ? <p className="success-card__next">{nextStep(view.order, t)}</p> : null}
          <p className="button-row">
            <Link className="button button--primary" to={href('home', lang)} data-main-action>
              {t('success.home')}
            </Link>
            <Link className="button" to={href('pointsOfSale', lang)}>
              {t('success.points')}
            </Link>
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
  return <EsimInstall profile={order.esim} email={order.email} />;
}

function nextStep(order: Order, t: (key: string, values?: Record<string, string>) => string): string {
  if (order.simType === 'esim') return t('success.esim', { email: order.email ?? '' });
  if (order.delivery?.method === 'courier') return t('success.courier', { address: order.delivery.address });
  return t('success.pickup');
}
