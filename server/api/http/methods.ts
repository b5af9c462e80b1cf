import type { Router } from 'express';
import { READ_NAMES, READS } from '../../../shared/reads';
import { WRITE_NAMES, WRITES } from '../../../shared/writes';
import { ApiError } from './api-error';

/** The API's routes in the order they are registered: the writes, the public reads, the OpenAPI document. */
const DECLARED_ROUTES = [
  ...WRITE_NAMES.map((name) => WRITES[name]),
  ...READ_NAMES.map((name) => ({ method: 'get', path: READS[name].path })),
  { method: 'get', path: '/openapi.json' },
] as const;

/**
 * After every declared route: a request to a declared path with a method it does not declare is
 * a 405 `method_not_allowed` with `Allow` naming the ones it does (a GET's HEAD included), not
 * the 404 of a path that does not exist. Registered in the routes' own order, so `/numbers/events`
 * answers for itself before `/numbers/{number}` would.
 */
export function registerAllowedMethods(router: Router): void {
  const methods = new Map<string, Set<string>>();
  for (const { method, path } of DECLARED_ROUTES) {
    const allowed = methods.get(path) ?? new Set<string>();
    allowed.add(method.toUpperCase());
    if (method === 'get') allowed.add('HEAD');
    methods.set(path, allowed);
  }
  for (const [path, allowed] of methods) {
    const allow = [...allowed].join(', ');
    router.all(path.replace(/\{(\w+)\}/g, ':$1'), (_req, res, next) => {
      res.set('Allow', allow);
      next(new ApiError(405, 'method_not_allowed', { params: { allow } }));
    });
  }
}
