import type { NextFunction, Request, Response } from 'express';
import { TOKEN_HEADERS } from './request-tokens';

/** CORS only for the configured origins; with none configured the API sends no CORS headers at all. */
export function cors(origins: string[]) {
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '')));
  const headers = ['Content-Type', 'Authorization', 'Accept-Language', 'X-Language', 'X-Requested-With', ...TOKEN_HEADERS].join(', ');
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.get('origin');
    if (allowed.size === 0 || !origin || !allowed.has(origin)) return next();
    res.vary('Origin');
    res.set('Access-Control-Allow-Origin', origin);
    res.set('Access-Control-Expose-Headers', 'Retry-After');
    if (req.method === 'OPTIONS') {
      res.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      res.set('Access-Control-Allow-Headers', headers);
      res.set('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
