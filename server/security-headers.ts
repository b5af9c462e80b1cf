import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { PublicConfig } from '../shared/public-config';

export function createNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

function originOf(url: string): string | null {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy of a page: scripts only from this origin or with this response's nonce
 * (no 'unsafe-inline'); third-party hosts only for the analytics that are configured.
 */
export function contentSecurityPolicy(nonce: string, config: PublicConfig, frameAncestors: readonly string[] | null): string {
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
    for (const host of ['https://*.googleapis.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']) connect.add(host);
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
  return [
    "default-src 'self'",
    `script-src ${[...scripts].join(' ')}`,
    // React and the map set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...images].join(' ')}`,
    "font-src 'self'",
    `connect-src ${[...connect].join(' ')}`,
    `frame-src ${frames.size ? [...frames].join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...(frameAncestors ?? [])].join(' ')}`,
  ].join('; ');
}

/** Pages that a partner's app or site may embed (the web-view layout). */
export function isEmbeddablePath(path: string): boolean {
  return /^(\/(en|uz))?\/oqDay$/.test(path);
}

/**
 * Who may frame a page: the site itself, and for the embeddable pages the origins listed in
 * OQDAY_FRAME_ANCESTORS (none by default: the app's web view loads /oqDay at top level).
 */
export function frameAncestorsFor(path: string, embedOrigins: readonly string[]): readonly string[] | null {
  return isEmbeddablePath(path) && embedOrigins.length > 0 ? embedOrigins : null;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for every response. The page CSP (with its nonce) is set by the renderer; this adds
 * what applies to everything, including static files and the API.
 */
export function createBaseSecurityHeaders(embedOrigins: readonly string[]) {
  return function baseSecurityHeaders(req: Request, res: Response, next: NextFunction): void {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Geolocation only for this site (nearest point of sale); nothing else the site never uses.
    res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // X-Frame-Options cannot name other origins: where some are allowed, the CSP's frame-ancestors decides alone.
    if (!frameAncestorsFor(req.path, embedOrigins)) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // HTTPS as the request arrived (directly, or as a trusted proxy says): browsers keep to it.
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
