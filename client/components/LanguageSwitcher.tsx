import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from './Link';
import { LANGUAGES, LANGUAGE_TAG, languageCookieString, languageFromPath, localizePath } from '../../shared/languages';

/**
 * Real links to this page in the other languages, each named in itself (Русский, English,
 * Oʻzbekcha, Ўзбекча: the two Uzbek scripts told apart); following one remembers the choice.
 * `label` names the nav: the header's row and its menu each have their own.
 */
export function LanguageSwitcher({ label }: { label: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageFromPath(pathname);
  return (
    <nav className="lang-switcher" aria-label={label}>
      <ul>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            {lang === current ? (
              <span className="lang-switcher__current" aria-current="true" lang={LANGUAGE_TAG[lang]}>
                {t(`common.languageName.${lang}`)}
              </span>
            ) : (
              <Link
                to={`${localizePath(pathname, lang)}${search}`}
                hrefLang={LANGUAGE_TAG[lang]}
                lang={LANGUAGE_TAG[lang]}
                onClick={() => {
                  document.cookie = languageCookieString(lang, window.location.protocol === 'https:');
                }}
              >
                {t(`common.languageName.${lang}`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
