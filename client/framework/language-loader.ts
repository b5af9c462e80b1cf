import type { i18n as I18n } from 'i18next';
import type { Language } from '../../shared/languages';
import { textSections, importTextSection, type TextSection } from './text-sections';
import { createI18n } from './i18n';
import { whenIdle } from './tasks';

// Browser only: one i18next instance per language, created when its first section arrives; each
// later section is merged into it. A section is downloaded once (a failed download is retried
// by the next call that needs it).
const instances = new Map<Language, I18n>();
const sections = new Map<string, Promise<void>>();

function instanceFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) instances.set(lang, (instance = createI18n(lang, {})));
  return instance;
}

function ensureSection(lang: Language, section: TextSection): Promise<void> {
  const id = `${lang}/${section}`;
  let loaded = sections.get(id);
  if (!loaded) {
    loaded = importTextSection(lang, section).then(
      (texts) => {
        instanceFor(lang).addResourceBundle(lang, 'translation', texts, true, true);
      },
      (error: unknown) => {
        sections.delete(id);
        throw error;
      },
    );
    sections.set(id, loaded);
  }
  return loaded;
}

/**
 * The one way the browser loads texts: resolves once these sections of the language's texts
 * are in its i18next instance (the page's sections before it renders, see client/app/routes.tsx).
 * The server renders with the whole texts and never calls this.
 */
export async function ensureLanguage(lang: Language, needed: readonly TextSection[]): Promise<void> {
  if (typeof window === 'undefined') return;
  await Promise.all(needed.map((section) => ensureSection(lang, section)));
}

/**
 * The safety net: every other section of the language, fetched once the browser is idle, so that
 * a state nobody declared (a toast, a message passed around as a key) still finds its text. A
 * page's own sections are loaded before it renders (hydration included); this never replaces
 * them. One section per idle period, each after the one before has arrived: all of them at once
 * started a score of requests and merged as many catalogues in one task, a long task on a slow
 * phone just after hydration (bench/README.md, issue 35). Returns the cancel of what is not yet
 * started.
 */
export function loadRestOfLanguageWhenIdle(lang: Language): () => void {
  if (typeof window === 'undefined') return () => {};
  let rest: TextSection[] | null = null;
  let cancelled = false;
  let cancelWait = whenIdle(next, 10_000);
  function next(): void {
    if (cancelled) return;
    rest ??= textSections(lang).filter((section) => !sections.has(`${lang}/${section}`));
    const section = rest.shift();
    if (!section) return;
    // A failed download is retried by whatever needs that section next.
    void ensureLanguage(lang, [section])
      .catch(() => {})
      .then(() => {
        if (!cancelled) cancelWait = whenIdle(next, 10_000);
      });
  }
  return () => {
    cancelled = true;
    cancelWait();
  };
}

export function browserI18nFor(lang: Language): I18n {
  const instance = instances.get(lang);
  if (!instance) throw new Error(`The ${lang} texts are not loaded`);
  return instance;
}
