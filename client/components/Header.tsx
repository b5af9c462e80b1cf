import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { href, type PageKey } from '../../shared/paths';
import { ColourModeSwitch } from './ColourModeSwitch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useLanguage } from './use-language';

export const MAIN_SECTIONS: PageKey[] = ['numbers', 'specificTariffs', 'constructor', 'news', 'about', 'pointsOfSale'];

export function Header() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        {/* The accessible name is the visible text (brand, then tagline), as voice control expects. */}
        <Link to={href('home', lang)} className="logo">
          <span className="logo__mark" aria-hidden="true">
            oq
          </span>
          <span className="visually-hidden">{t('common.brand')}: </span>
          <span className="logo__text">{t('common.tagline')}</span>
        </Link>
        <nav className="main-nav" aria-label={t('common.mainNavigation')}>
          <ul>
            {MAIN_SECTIONS.map((page) => (
              <li key={page}>
                <NavLink to={href(page, lang)}>{t(`nav.${page}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher />
          <ColourModeSwitch />
        </div>
      </div>
    </header>
  );
}
