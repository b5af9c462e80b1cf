import type { OutgoingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import cookieParser from 'cookie-parser';
import { canonicalCasePath } from '../http/canonical-case';
import { ROOT_VARY, RU_PREFIXED, rootRedirectLanguage } from '../http/language-redirects';
import type { SecurityHeaderSet } from '../http/security-headers';
import { requestIdOf } from '../../process/logger';
import type { SiteMetrics } from '../../process/metrics';
import { pageUrl } from './page-url';
import { pageKey, type PageCache } from './page-cache';
import { storedAnswer, type StoredPage } from './stored-page';

/**
 * The stored pages' short way: a request for a page the store holds, still true, is answered here,
 * first in the chain, with the stored bytes and headers made once per page. The chain every other
 * request crosses (metrics and request-id middleware, helmet's header middlewares, compression,
 * cookies, the case and language redirects, the Fetch `Request` and abort signal of a render, the
 * body's stream) cost more than the stored page itself: with it, a stored page cost 1.8 to 2.25
 * times a static file's CPU (bench/README.md, issue 52).
 *
 * It answers exactly what the long way would, or passes the request on:
 * - only a GET or HEAD of a path in its one spelling (no dot segments, escapes, repeated or
 *   trailing slashes, `/ru` prefix or other case, which the long way redirects or normalises);
 * - `/` only to a bot or a visitor whose language is Russian (the others are redirected to theirs);
 * - with the same headers: those every response gets (security-headers.ts, computed once), the
 *   request id, the stored page's, and the request's metrics and page-store hit.
 */

export interface StoredFirstOptions {
  cache: PageCache;
  metrics: SiteMetrics;
  /** The headers every response gets (security-headers.ts). */
  baseHeaders: SecurityHeaderSet;
  /** The page key of a path, for the request's metrics label. */
  pageOf: (path: string) => string;
}

/** A path as the long way would render it unchanged: letters, digits, `-`, `_` and single slashes between them. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)*$/;

const parseCookies = cookieParser();

/** Any origin: the page key reads only the path and query. */
const SITE = 'http://site';

/** Whether the long way would redirect this request (or render a path it normalises first). */
function redirectedOrNormalised(req: Request, path: string): boolean {
  if (path === '/') {
    parseCookies(req, {} as Response, () => undefined);
    return rootRedirectLanguage(req.get('user-agent'), req.cookies, req.get('accept-language')) !== null;
  }
  return !PLAIN_PATH.test(path) || RU_PREFIXED.test(path) || canonicalCasePath(path) !== null;
}

/** The stored page's Vary, and for `/` what it redirects by (language-redirects.ts). */
const ROOT_VARY_HEADER = [...ROOT_VARY, 'Accept-Encoding'].join(', ');
const varyOf = (path: string): string => (path === '/' ? ROOT_VARY_HEADER : 'Accept-Encoding');

export function storedPagesFirst({ cache, metrics, baseHeaders, pageOf }: StoredFirstOptions): RequestHandler {
  // The metrics label of each stored page's path, found once.
  const labels = new WeakMap<StoredPage, string>();
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || cache.size === 0) return next();
    const path = req.path;
    if (redirectedOrNormalised(req, path)) return next();
    const page = cache.get(pageKey(`${SITE}${pageUrl(req.originalUrl)}`, req.get('user-agent')));
    if (!page) return next();
    const stop = metrics.httpDuration.startTimer();
    metrics.pageCache.inc({ result: 'hit' });
    const answer = storedAnswer(page, req.method, req.get('if-none-match'), req.get('accept-encoding'));
    const headers: OutgoingHttpHeaders = {
      ...baseHeaders(path, req.secure),
      'X-Request-Id': (res.locals.requestId = requestIdOf(req.get('x-request-id'))),
      ...answer.headers,
      Vary: varyOf(path),
    };
    res.writeHead(answer.status, headers);
    res.end(answer.bytes);
    let label = labels.get(page);
    if (label === undefined) labels.set(page, (label = `page:${pageOf(path)}`));
    stop({ method: req.method, route: label, status: String(answer.status) });
  };
}
