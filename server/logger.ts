import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from './config';

export interface Logger {
  info(message: string, extra?: unknown): void;
  warn(message: string, error?: unknown): void;
  /** `fields` adds members to the line, such as the request id. */
  error(message: string, error?: unknown, fields?: Record<string, unknown>): void;
  /** One JSON line per request. */
  request(entry: Record<string, unknown>): void;
}

function describe(error: unknown, withStack: boolean): Record<string, unknown> | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return { name: error.name, message: error.message, ...(withStack ? { stack: error.stack } : {}) };
  return { value: String(error) };
}

/** JSON lines on stdout/stderr, the format log collectors read without parsing rules. */
export function createLogger(config: Pick<Config, 'nodeEnv'>): Logger {
  const line = (level: string, message: string, error?: unknown, fields?: Record<string, unknown>) =>
    JSON.stringify({ time: new Date().toISOString(), level, message, ...fields, error: describe(error, true) });
  return {
    info: (message) => process.stdout.write(`${line('info', message)}\n`),
    warn: (message, error) => process.stderr.write(`${line('warn', message, error)}\n`),
    error: (message, error, fields) => process.stderr.write(`${line('error', message, error, fields)}\n`),
    // A 5xx is our fault: its line says error, so alerts on the level find it.
    request: (entry) =>
      process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: Number(entry.status) >= 500 ? 'error' : 'info', ...entry })}\n`),
  };
}

/**
 * Every response names its request: the proxy's X-Request-Id when it is a plain token (nginx's
 * $request_id), else a new one. Logs of the request and of its errors carry the same id.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const given = req.get('x-request-id');
  const id = given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('close', () => {
      logger.request({
        requestId: res.locals.requestId,
        // Which worker answered, with WEB_CONCURRENCY above 1.
        pid: process.pid,
        method: req.method,
        path: req.path,
        // The client's address; behind a proxy, from X-Forwarded-For when TRUST_PROXY allows it.
        ip: req.ip,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
        aborted: !res.writableFinished || undefined,
      });
    });
    next();
  };
}
