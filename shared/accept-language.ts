import { parse } from 'accept-language-parser';
import { languageOfTag, type Language } from './languages';

/** Longer than any browser sends: not parsed at all. */
const MAX_HEADER_LENGTH = 1000;

/**
 * The site's language an Accept-Language header prefers, or null when it names none of them (or
 * is too long, or unreadable). `uz-Cyrl` and `uz-Cyrl-UZ` pick Uzbek in Cyrillic; plain `uz` (and
 * `uz-Latn`, `uz-UZ`) stays Latin. accept-language-parser parses the header (its `pick` cannot tell
 * the scripts apart: it reads the `Cyrl` of `uz-Cyrl` as a region and matches plain `uz` first),
 * and `languageOfTag` reads each of its tags.
 */
export function languageOfAcceptLanguage(header: string): Language | null {
  if (header.length > MAX_HEADER_LENGTH) return null;
  try {
    for (const { code, script, region, quality } of parse(header)) {
      if (!(quality > 0)) continue;
      const lang = languageOfTag([code, script, region].filter(Boolean).join('-'));
      if (lang) return lang;
    }
  } catch {
    // A header the parser cannot read names no language.
  }
  return null;
}
