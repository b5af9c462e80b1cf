import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { Link } from './Link';
import { href } from '../../shared/paths';
import { errorStatus } from '../framework/hydration-data';
import { useRuntime } from '../framework/runtime';
import { PageHead } from './PageHead';
import { useLanguage } from './use-language';

/** The error page of spec section 2: a 404 variant and a generic one (status 500 by default). */
export function ErrorPage({ status = 500, error }: { status?: number; error?: unknown }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pathname, search } = useLocation();
  const { config } = useRuntime();
  if (status === 404) {
    return (
      <section className="error-page container" aria-labelledby="error-title">
        <PageHead title={t('errors.notFound.title')} noIndex linked={false} />
        <p className="error-page__code">{t('errors.statusCode', { status })}</p>
        <h1 id="error-title">{t('errors.notFound.title')}</h1>
        <p className="error-page__message">{t('errors.notFound.message', { path: safeDecode(pathname) })}</p>
        <p className="error-page__actions">
          <Link className="button button--primary" to={href('home', lang)}>
            {t('errors.notFound.toHome')}
          </Link>
          <Link className="button" to={href('news', lang)}>
            {t('errors.notFound.toNews')}
          </Link>
        </p>
      </section>
    );
  }
  const detail = config.showErrorDetails && error instanceof Error ? error.message : null;
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <PageHead title={t('errors.server.title')} noIndex linked={false} />
      <p className="error-page__code">{t('errors.statusCode', { status })}</p>
      <h1 id="error-title">{t('errors.server.title')}</h1>
      <p className="error-page__message">{t('errors.server.message')}</p>
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
      <p className="error-page__actions">
        {/* A plain link reloads the same address, so it works before and without JavaScript. */}
        <a className="button button--primary" href={`${pathname}${search}`}>
          {t('actions.tryAgain')}
        </a>
        <Link className="button" to={`${href('about', lang)}#support`}>
          {t('actions.supportService')}
        </Link>
      </p>
    </section>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage status={errorStatus(error)} error={error} />;
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
