import type { Language } from '../../shared/languages';
import { PAGE_KEYS, PAGES, type PageKey, type TextSection } from '../../shared/paths';

// build/text-sections.mjs loads this file on its own (esbuild bundles it with shared/paths.ts), and
// bench/lib/first-load.ts imports it to count each page's first load as the server preloads it.

/**
 * The text sections every document needs, whatever its page: the document and its toasts
 * (`common`), the head (`meta`), both layouts with header, menu and footer (`nav`, `siteMenu`),
 * the error pages (`errors`, `actions`) and the HTTP client's error toasts (`http`).
 */
export const DOCUMENT_SECTIONS: readonly TextSection[] = ['common', 'meta', 'nav', 'siteMenu', 'errors', 'actions', 'http'];

/** The text sections each page shows besides DOCUMENT_SECTIONS: their `sections` in PAGES (shared/paths.ts). */
export const PAGE_SECTIONS = Object.fromEntries(
  PAGE_KEYS.map((page): [PageKey, readonly TextSection[]] => [page, PAGES[page].sections]),
) as Record<PageKey, readonly TextSection[]>;

/**
 * The sections only Telegram's Mini App shows (client/features/telegram/): left out of the map of
 * sections every page's first load carries (`virtual:text-sections`), so that no page outside
 * Telegram names them; the Mini App's chunk adds their loaders (`virtual:mini-app-text-sections`).
 */
export const MINI_APP_SECTIONS: readonly TextSection[] = ['telegram'];

/** The sections a document showing these pages needs (no page: the not-found and error pages). */
export function sectionsOfPages(pages: readonly PageKey[]): TextSection[] {
  return [...new Set([...DOCUMENT_SECTIONS, ...pages.flatMap((page) => PAGE_SECTIONS[page])])];
}

/** The name of the chunk holding every DOCUMENT_SECTIONS section of a language. */
export const DOCUMENT_CHUNK = 'document';

/**
 * The chunk a section's texts are built into (build.mjs): the document's sections share one, since
 * every page loads all of them (seven small files were seven requests on every first load); any
 * other section has its own.
 */
export function textChunkOf(section: TextSection): string {
  return DOCUMENT_SECTIONS.includes(section) ? DOCUMENT_CHUNK : section;
}

/** How the build manifest (dist/client/manifest.json) names the chunk of a section (build.mjs). */
export function textSectionModule(lang: Language, section: TextSection): string {
  return `text-section:${lang}-${textChunkOf(section)}`;
}

/** The build manifest's names of those sections' chunks in a language, each once: what the server preloads. */
export function textModulesOfPages(lang: Language, pages: readonly PageKey[]): string[] {
  return [...new Set(sectionsOfPages(pages).map((section) => textSectionModule(lang, section)))];
}
