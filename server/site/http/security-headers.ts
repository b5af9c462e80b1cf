import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { languageFromPath, localizePath } from '../../../shared/languages';
import { PATHS } from '../../../shared/paths';
import type { PublicConfig } from '../../../shared/public-config';

// Entropy for the nonces, drawn 4 kB at a time: randomBytes(16) on every page entered the system's
// generator each time, 1.6 % of `/`'s server CPU (bench/README.md, issue 29). Node's own randomUUID
// keeps such a buffer for the same reason. Each nonce takes 16 bytes no other nonce ever uses.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let next = 0;

/** 128 random bits, base64: a fresh CSP nonce for each page. */
export function createNonce(): string {
  if (next + NONCE_BYTES > pool.length) {
    pool = crypto.randomBytes(256 * NONCE_BYTES);
    next = 0;
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}

function originOf(url: string): string | null {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return null;
  }
}

type Directives = Record<string, string[]>;

/**
 * The directives of a page: scripts only from this origin or with the response's nonce (no
 * 'unsafe-inline'); third-party hosts only for the analytics that are configured.
 */
function pageDirectives(nonce: string, config: PublicConfig, frameAncestors: readonly string[] | null): Directives {
  const scripts = new Set(["'self'", `'nonce-${nonce}'`]);
  const connect = new Set(["'self'"]);
  const images = new Set(["'self'", 'data:', 'blob:']);
  const frames = new Set<string>();
  const apiOrigin = /^https?:/.test(config.apiBaseUrl) ? originOf(config.apiBaseUrl) : null;
  if (apiOrigin) connect.add(apiOrigin);
  const tiles = originOf(config.mapTileUrl);
  if (tiles) images.add(tiles.replace('://a.', '://*.'));
  if (config.firebase) {
    scripts.add('https://www.googletagmanager.com');
    for (const host of [
      'https://*.googleapis.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ])
      connect.add(host);
    images.add('https://*.google-analytics.com');
  }
  if (config.gtmId) {
    scripts.add('https://www.googletagmanager.com');
    connect.add('https://www.googletagmanager.com');
    connect.add('https://*.google-analytics.com');
    images.add('https://www.googletagmanager.com');
    frames.add('https://www.googletagmanager.com');
  }
  if (config.metrikaId) {
    scripts.add('https://mc.yandex.ru');
    connect.add('https://mc.yandex.ru');
    connect.add('wss://mc.yandex.ru');
    images.add('https://mc.yandex.ru');
    frames.add('https://mc.yandex.ru');
  }
  return {
    'default-src': ["'self'"],
    'script-src': [...scripts],
    // React and the map set style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...images],
    'font-src': ["'self'"],
    'connect-src': [...connect],
    'frame-src': frames.size ? [...frames] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...(frameAncestors ?? [])],
  };
}

/**
 * The Content-Security-Policy header of a page, written by helmet's CSP middleware (which checks
 * every directive and value). helmet writes onto a response, while the renderer needs the value
 * as data (a page from the page cache gets the same policy with a fresh nonce): the middleware
 * writes into a one-header sink here.
 */
export function contentSecurityPolicy(nonce: string, config: PublicConfig, frameAncestors: readonly string[] | null): string {
  let value = '';
  const sink = { setHeader: (_name: string, header: string) => void (value = header) };
  const fail = (error?: unknown) => {
    if (error) throw error;
  };
  helmet.contentSecurityPolicy({ useDefaults: false, directives: pageDirectives(nonce, config, frameAncestors) })(
    {} as IncomingMessage,
    sink as unknown as ServerResponse,
    fail,
  );
  return value;
}

/** Pages that a partner's app or site may embed (the web-view layout). */
export function isEmbeddablePath(path: string): boolean {
  return path === localizePath(PATHS.oqDay, languageFromPath(path));
}

/**
 * Who may frame a page: the site itself; for the embeddable pages the origins listed in
 * OQDAY_FRAME_ANCESTORS (none by default: the app's web view loads /oqDay at top level); for every
 * page those of PAGE_FRAME_ANCESTORS (none by default; Telegram Web shows a Mini App in a frame of
 * https://web.telegram.org, docs/telegram.md).
 */
export function frameAncestorsFor(
  path: string,
  embedOrigins: readonly string[],
  pageOrigins: readonly string[] = [],
): readonly string[] | null {
  const origins = isEmbeddablePath(path) ? [...embedOrigins, ...pageOrigins] : pageOrigins;
  return origins.length > 0 ? origins : null;
}

/**
 * Headers for every response, by helmet. The page CSP (with its nonce) is set by the renderer;
 * this adds what applies to everything, including static files and the API.
 */
export function createBaseSecurityHeaders(embedOrigins: readonly string[], pageOrigins: readonly string[] = []) {
  const common = {
    // Set per page by the renderer, with the response's nonce.
    contentSecurityPolicy: false,
    // Share cards and the API are read by other origins (previews, CORS): no same-origin-only resources.
    crossOriginResourcePolicy: false,
    // Only over HTTPS, below.
    strictTransportSecurity: false,
    // The analytics hosts may be resolved early, as before.
    xDnsPrefetchControl: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  } satisfies HelmetOptions;
  const framedBySelfOnly = helmet({ ...common, xFrameOptions: { action: 'sameorigin' } });
  // X-Frame-Options cannot name other origins: where some are allowed, the CSP's frame-ancestors decides alone.
  const framedByPartners = helmet({ ...common, xFrameOptions: false });
  // HTTPS as the request arrived (directly, or as a trusted proxy says): browsers keep to it.
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return function baseSecurityHeaders(req: Request, res: Response, next: NextFunction): void {
    // helmet has no Permissions-Policy (it dropped it as too site-specific): geolocation only for
    // this site (nearest point of sale), nothing else the site never uses.
    res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()');
    if (req.secure) hsts(req, res, () => {});
    (frameAncestorsFor(req.path, embedOrigins, pageOrigins) ? framedByPartners : framedBySelfOnly)(req, res, next);
  };
}

/** The headers the base middleware sets on a response for a path, over HTTPS or not. */
export type SecurityHeaderSet = (path: string, secure: boolean) => Readonly<Record<string, string>>;

/**
 * What createBaseSecurityHeaders sets, as data: for answers made before the middleware chain
 * (a stored page, render/stored-first.ts). helmet's middlewares only write headers, the same for
 * every path of a kind (framed by partners or not) and scheme, so each of the four sets is made
 * once by running the very middleware into a sink.
 */
export function baseSecurityHeaderSet(embedOrigins: readonly string[], pageOrigins: readonly string[] = []): SecurityHeaderSet {
  const middleware = createBaseSecurityHeaders(embedOrigins, pageOrigins);
  const made = new Map<string, Record<string, string>>();
  return (path, secure) => {
    const kind = `${frameAncestorsFor(path, embedOrigins, pageOrigins) !== null} ${secure}`;
    let headers = made.get(kind);
    if (!headers) {
      const sink: Record<string, string> = {};
      const res = {
        setHeader: (name: string, value: unknown) => void (sink[name] = String(value)),
        removeHeader: (name: string) => void delete sink[name],
      };
      middleware({ path, secure } as Request, res as unknown as Response, () => undefined);
      made.set(kind, (headers = sink));
    }
    return headers;
  };
}
