import acceptLanguage from 'accept-language-parser';
import type { Request } from 'express';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import uz from '../../../locales/uz.json';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../shared/languages';

/** The site's shared client sets X-Language to its interface locale; Accept-Language is the fallback. */
export function requestLanguage(req: Request): Language {
  const explicit = req.get('x-language')?.trim().toLowerCase();
  if (isLanguage(explicit)) return explicit;
  const header = req.get('accept-language');
  if (header) {
    const picked = acceptLanguage.pick([...LANGUAGES], header, { loose: true });
    if (isLanguage(picked)) return picked;
  }
  return DEFAULT_LANGUAGE;
}

type Catalogue = { [key: string]: string | Catalogue };
const CATALOGUES: Record<Language, Catalogue> = { ru, en, uz } as unknown as Record<Language, Catalogue>;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A message by locale key in the language, falling back to Russian (the site's fallback), then the key. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(CATALOGUES[lang], key) ?? lookup(CATALOGUES[DEFAULT_LANGUAGE], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
