import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/languages';
import { PATHS, sameOriginPath } from '../../../shared/paths';

/** Each page's path split in segments (`:slug` stands for any one segment, kept as typed). */
const PAGE_SEGMENTS = Object.values(PATHS).map((path) => path.split('/').filter(Boolean));

function canonicalPageSegments(segments: string[]): string[] | null {
  for (const pattern of PAGE_SEGMENTS) {
    if (pattern.length !== segments.length) continue;
    const matched = pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase());
    if (matched) return pattern.map((part, i) => (part.startsWith(':') ? segments[i]! : part));
  }
  return null;
}

/**
 * The canonical spelling of a page path whose letters differ only in case (`/EN/News` ->
 * `/en/news`, `/oqday` -> `/oqDay`, `/RU/about` -> `/about`), or null when the path is already
 * canonical or names no page. Express matches routes case-insensitively and react-router does
 * too, so without this every casing would answer 200 with a canonical of its own.
 */
export function canonicalCasePath(path: string): string | null {
  const segments = path.split('/').filter(Boolean);
  const lang = LANGUAGES.find((l) => l === segments[0]?.toLowerCase());
  const rest = lang ? segments.slice(1) : segments;
  const page = canonicalPageSegments(rest);
  if (!page) return null;
  // Only a difference in case is this module's business; slashes and `/ru` are language-redirects'.
  const typedRight = (!lang || segments[0] === lang) && page.every((part, i) => part === rest[i]);
  if (typedRight) return null;
  const prefix = lang && lang !== DEFAULT_LANGUAGE ? `/${lang}` : '';
  return page.length > 0 ? `${prefix}/${page.join('/')}` : prefix || '/';
}

/** A page path spelled in another case answers 301 to its one spelling, query kept. */
export function canonicalCase(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  // Like every Location the site sends: slashes and backslashes collapsed, so never another host.
  const canonical = canonicalCasePath(req.path);
  const target = canonical === null ? null : sameOriginPath(canonical);
  if (!target) return next();
  const index = req.originalUrl.indexOf('?');
  res.redirect(301, `${target}${index === -1 ? '' : req.originalUrl.slice(index)}`);
}
