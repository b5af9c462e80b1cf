import { useTranslation } from 'react-i18next';
import { Link } from './Link';
import { href } from '../../shared/paths';
import { MAIN_SECTIONS } from './Header';
import { useLanguage } from './use-language';
import { useRuntime } from '../framework/runtime';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { year } = useRuntime();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t('common.footer.sections')}>
          <ul className="site-footer__links">
            {MAIN_SECTIONS.map((page) => (
              <li key={page}>
                <Link to={href(page, lang)}>{t(`nav.${page}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p id="footer-support">{t('common.footer.support')}</p>
        <p className="site-footer__rights">{t('common.footer.rights', { year })}</p>
      </div>
    </footer>
  );
}
