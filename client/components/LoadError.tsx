import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The one "couldn't load + Retry" of the site: what is missing and a way to load it again.
 * Without `onRetry`, Retry is a plain link to the same address, so the loaders ask the API anew
 * and it works before and without JavaScript. With `onRetry` (data fetched in the browser, such
 * as a purchase step's order), Retry is a button that runs it.
 * `role="alert"` for a whole page's data; a part of a page that streams in says it as a status.
 */
export function LoadError({ message, onRetry, role = 'alert' }: { message: string; onRetry?: () => void; role?: 'alert' | 'status' }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="load-error" role={role}>
      <p className="load-error__message">{message}</p>
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      ) : (
        <a className="button button--primary" href={`${pathname}${search}`}>
          {t('actions.retry')}
        </a>
      )}
    </div>
  );
}
