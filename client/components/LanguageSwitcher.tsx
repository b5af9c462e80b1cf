import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from './Link';
import { LANGUAGES, languageCookieString, languageFromPath, localizePath } from '../../shared/languages';

/** Real links to this page in the other languages; following one remembers the choice. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageFromPath(pathname);
  return (
    <nav className="lang-switcher" aria-label={t('common.language')}>
      <ul>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            {lang === current ? (
              <span className="lang-switcher__current" aria-current="true" lang={lang}>
                {lang.toUpperCase()}
              </span>
            ) : (
              <Link
                to={`${localizePath(pathname, lang)}${search}`}
                hrefLang={lang}
                lang={lang}
                title={t(`common.languageName.${lang}`)}
                onClick={() => {
                  document.cookie = languageCookieString(lang, window.location.protocol === 'https:');
                }}
              >
                {lang.toUpperCase()}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
