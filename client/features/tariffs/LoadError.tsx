import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * What a part of a page shows when its API call failed: the page still answers 200, says what is
 * missing and offers to load it again (a real reload, so the loader asks the API anew).
 */
export function LoadError({ message }: { message: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="load-error" role="status">
      <p className="load-error__message">{message}</p>
      <a className="button" href={`${pathname}${search}`}>
        {t('actions.retry')}
      </a>
    </div>
  );
}
