import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import pino, { type LoggerOptions } from 'pino';

export interface Logger {
  info(message: string, extra?: unknown): void;
  warn(message: string, error?: unknown): void;
  /** `fields` adds members to the line, such as the request id. */
  error(message: string, error?: unknown, fields?: Record<string, unknown>): void;
  /** One JSON line per request. */
  request(entry: Record<string, unknown>): void;
}

/** Errors as pino's serializer writes them (type, message, stack); anything else thrown as its text. */
function errorField(error: unknown): Record<string, unknown> {
  if (error === undefined) return {};
  return { error: error instanceof Error ? error : { value: String(error) } };
}

/**
 * pino's options for the lines of this site: the level by name and the text under `message`
 * (what the log store's queries and deploy/README.md's alert read), an ISO time, and the worker's
 * pid on every line (which worker wrote it, with WEB_CONCURRENCY above 1).
 */
const LINE_FORMAT = {
  messageKey: 'message',
  errorKey: 'error',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
  serializers: { error: pino.stdSerializers.err },
} satisfies LoggerOptions;

/**
 * JSON lines by pino: notes on stdout, warnings and errors on stderr, one line per request on
 * stdout. The streams are the process's own, looked up at each write, so a test can capture them.
 */
export function createLogger(): Logger {
  const lines = pino(
    LINE_FORMAT,
    pino.multistream(
      [
        { level: 'info', stream: { write: (line: string) => process.stdout.write(line) } },
        { level: 'warn', stream: { write: (line: string) => process.stderr.write(line) } },
      ],
      // Each line to the one stream of the highest level it reaches: a warning only on stderr.
      { dedupe: true },
    ),
  );
  const requests = pino(LINE_FORMAT, { write: (line: string) => process.stdout.write(line) });
  return {
    info: (message) => lines.info(message),
    warn: (message, error) => lines.warn(errorField(error), message),
    error: (message, error, fields) => lines.error({ ...fields, ...errorField(error) }, message),
    // A 5xx is our fault: its line says error, so alerts on the level find it.
    request: (entry) => (Number(entry.status) >= 500 ? requests.error(entry) : requests.info(entry)),
  };
}

/**
 * Every response names its request: the proxy's X-Request-Id when it is a plain token (nginx's
 * $request_id), else a new one. Logs of the request and of its errors carry the same id.
 */
/** The id a request is answered and logged under: the one it brings when well formed, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

export function requestId(req: Request, res: Response, next: NextFunction): void {
  const id = requestIdOf(req.get('x-request-id'));
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // The path the client asked for, taken now: a handler may rewrite `req.url` (the compressed
    // assets are sent by pointing it at `<file>.br`).
    const path = req.path;
    res.on('close', () => {
      logger.request({
        requestId: res.locals.requestId,
        method: req.method,
        path,
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
