import { TEXT_SECTIONS } from 'virtual:text-sections';
import { MINI_APP_TEXT_SECTIONS } from 'virtual:mini-app-text-sections';

/**
 * The Mini App's texts join the texts' map (MINI_APP_SECTIONS, client/framework/page-sections.ts):
 * the map every page's first load carries leaves them out, so that no page outside Telegram names
 * them. Once added, they load as any other section does (ensureLanguage).
 */
export function addMiniAppTexts(): void {
  for (const [lang, sections] of Object.entries(MINI_APP_TEXT_SECTIONS)) TEXT_SECTIONS[lang] = { ...TEXT_SECTIONS[lang], ...sections };
}
