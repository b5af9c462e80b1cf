import { localizePath, type Language } from '../../../shared/languages';

/** Where the confirmed phone's watches are read: a route with a loader and no page (watches.ts), under each language. */
export const WATCHES_PATH = '/numbers/watches';

export const watchesPath = (lang: Language) => localizePath(WATCHES_PATH, lang);
