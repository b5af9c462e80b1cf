import crypto from 'node:crypto';
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
export function contentSecurityPolicy(nonce: string, config: PublicConfig, embeddable: boolean): string {
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
    embeddable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ].join('; ');
}
