import type { NextFunction, Request, Response } from 'express';
import type { Config } from './config';

export interface Logger {
  info(message: string, extra?: unknown): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
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
  const line = (level: string, message: string, error?: unknown) =>
    JSON.stringify({ time: new Date().toISOString(), level, message, error: describe(error, true) });
  return {
    info: (message) => process.stdout.write(`${line('info', message)}\n`),
    warn: (message, error) => process.stderr.write(`${line('warn', message, error)}\n`),
    error: (message, error) => process.stderr.write(`${line('error', message, error)}\n`),
    request: (entry) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...entry })}\n`),
  };
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('close', () => {
      logger.request({
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
