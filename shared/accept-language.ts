import { parse } from 'accept-language-parser';
import { SOURCE_LANGUAGES, type Language } from './languages';

/**
 * The site's language an Accept-Language header prefers, or null when it names none of them.
 * `uz-Cyrl` and `uz-Cyrl-UZ` pick Uzbek in Cyrillic; plain `uz` (and `uz-Latn`, `uz-UZ`) stays
 * Latin. accept-language-parser parses the header (its `pick` cannot tell the scripts apart: it
 * reads the `Cyrl` of `uz-Cyrl` as a region and matches plain `uz` first), and this maps its tags.
 */
export function languageOfAcceptLanguage(header: string): Language | null {
  for (const { code, script, region, quality } of parse(header)) {
    if (!(quality > 0)) continue;
    const base = code.toLowerCase();
    if (base === 'uz') return (script ?? region)?.toLowerCase() === 'cyrl' ? 'uz-cyrl' : 'uz';
    const source = SOURCE_LANGUAGES.find((lang) => lang === base);
    if (source) return source;
  }
  return null;
}
