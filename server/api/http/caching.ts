import type { Response } from 'express';

/** Catalogue data that changes with a release: tariffs, the constructor's options, SIM types, points of sale. */
export const CATALOGUE_SECONDS = 300;
/**
 * News: editors publish a few items a week, and a minute's delay before a new one shows is
 * nothing to a reader; every page but the number search reads it.
 */
export const NEWS_SECONDS = 60;
/** How many numbers each category has free: it moves with every booking, so only briefly. */
export const AVAILABILITY_SECONDS = 10;

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
