import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The error state of a page whose data could not be loaded: what happened and a Retry link.
 * A plain link reloads the same address, so it also works before and without JavaScript.
 */
export function RetryNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="retry-notice card" role="alert">
      <p className="retry-notice__message">{message}</p>
      <a className="button button--primary" href={`${pathname}${search}`}>
        {t('actions.retry')}
      </a>
    </div>
  );
}
