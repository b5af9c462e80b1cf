import { useTranslation } from 'react-i18next';
import { Link, NavLink } from './Link';
import { href, type PageKey } from '../../shared/paths';
import { ColourModeSwitch } from './ColourModeSwitch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SiteMenu } from './SiteMenu';
import { useLanguage } from './use-language';

export const MAIN_SECTIONS: PageKey[] = ['numbers', 'specificTariffs', 'constructor', 'news', 'about', 'pointsOfSale'];

/** `label`: the nav's accessible name, one per copy, as every landmark of a page has its own. */
function MainNav({ className = '', label }: { className?: string; label: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <nav className={`main-nav ${className}`} aria-label={label}>
      <ul>
        {MAIN_SECTIONS.map((page) => (
          <li key={page}>
            <NavLink to={href(page, lang)}>{t(`nav.${page}`)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HeaderTools({ className = '', languageLabel }: { className?: string; languageLabel: string }) {
  return (
    <div className={`site-header__tools ${className}`}>
      <LanguageSwitcher label={languageLabel} />
      <ColourModeSwitch />
    </div>
  );
}

/**
 * On a wide screen the navigation and the switchers sit in the header's row. On a phone they are
 * in a menu behind one button (SiteMenu), so the header stays one short row; CSS shows one or the
 * other, and what is not displayed is out of the accessibility tree as well. Both copies are in the
 * HTML, so each nav has a name of its own (the menu's say so): landmarks of one kind are told apart
 * by name (html-validate's `unique-landmark`, server/site/render/html-validate.test.ts).
 */
export function Header() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        {/* The accessible name is the visible text (brand, then tagline), as voice control expects. */}
        <Link to={href('home', lang)} className="logo">
          {/* The logotype: a brand mark in every language and script, never translated. */}
          <span className="logo__mark" aria-hidden="true" translate="no">
            oq
          </span>
          <span className="visually-hidden">{t('common.brand')}: </span>
          <span className="logo__text">{t('common.tagline')}</span>
        </Link>
        <MainNav className="main-nav--wide" label={t('common.mainNavigation')} />
        <HeaderTools className="site-header__tools--wide" languageLabel={t('common.language')} />
        <SiteMenu>
          <MainNav className="main-nav--menu" label={t('siteMenu.mainNavigation')} />
          <HeaderTools className="site-header__tools--menu" languageLabel={t('siteMenu.language')} />
        </SiteMenu>
      </div>
    </header>
  );
}
