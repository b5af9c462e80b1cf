import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';

/** "Support Service": the support section of the about page, in the page's language. */
export function SupportLink({ className = 'button' }: { className?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Link className={className} to={`${href('about', lang)}#support`}>
      {t('actions.supportService')}
    </Link>
  );
}
