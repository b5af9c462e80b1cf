import { useLocation } from 'react-router';
import { languageFromPath, type Language } from '../../shared/languages';

/** The language of the page being shown (from its path prefix). */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}
