import corsMiddleware from 'cors';
import type { NextFunction, Request, Response } from 'express';
import { CREDENTIAL_HEADER_NAMES } from '../../../shared/contract/credentials';

/** What a page on an allowed origin may send and read; the preflight answer is kept for 10 minutes. */
const CORS_OPTIONS = {
  origin: true,
  methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'Authorization', 'Accept-Language', 'X-Language', 'X-Requested-With', ...CREDENTIAL_HEADER_NAMES],
  // A 429's Retry-After is what the page reads to say when to try again.
  exposedHeaders: ['Retry-After'],
  maxAge: 600,
  optionsSuccessStatus: 204,
} satisfies corsMiddleware.CorsOptions;

/**
 * CORS (the `cors` package) only for the configured origins. A request from any other origin, or
 * with none configured, passes by untouched: no CORS header at all, and an OPTIONS request is not
 * a preflight answer but whatever the API says to it (the `cors` package alone would still answer
 * every preflight and add `Vary: Origin` everywhere).
 */
export function cors(origins: string[]) {
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '')));
  const handler = corsMiddleware(CORS_OPTIONS);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.get('origin');
    if (!origin || !allowed.has(origin)) return next();
    handler(req, res, next);
  };
}
