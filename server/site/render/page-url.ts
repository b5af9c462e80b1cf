import { SITE_QUERY_PARAMS } from '../../../shared/paths';

const SITE_PARAMS = new Set<string>(SITE_QUERY_PARAMS);

/**
 * The URL a page is rendered and kept for: its path and only the query parameters the site reads
 * (SITE_QUERY_PARAMS), in their order. Tracking (`utm_*`, `fbclid`, `gclid`, `yclid`, …) and
 * any junk parameter change nothing on a page, so they neither make a new cache entry (a flood of
 * unique query strings is one entry) nor reach the rendered HTML.
 */
export function pageUrl(originalUrl: string): string {
  const index = originalUrl.indexOf('?');
  if (index === -1) return decodablePath(originalUrl);
  const path = decodablePath(originalUrl.slice(0, index));
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(originalUrl.slice(index + 1))) if (SITE_PARAMS.has(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A path segment whose escapes do not decode (`%zz`, `%E0%A4%A`, a link cut mid-letter) is taken
 * as the text it is: its `%` become `%25`. It names no page either way, so the visitor gets the
 * 404 page as before; but react-router, given the raw segment, wrote a plain-text warning (twice,
 * with the URL in it) to the server's log for every such request, a log anybody could fill. The
 * page's metrics label is matched on this path too.
 */
export function decodablePath(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replaceAll('%', '%25');
      }
    })
    .join('/');
}
