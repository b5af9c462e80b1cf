import type { Response } from 'express';

/**
 * Marks an answer that anyone may keep for `seconds` (the API answers everything else
 * `no-store`): browsers, a CDN, and the site's own server, whose HTTP client caches by these
 * headers. The text depends on the request's language, so the cache keys on it.
 */
export function cacheFor(res: Response, seconds: number): void {
  res.set('Cache-Control', `public, max-age=${seconds}`);
  res.vary('Accept-Language');
  res.vary('X-Language');
}
