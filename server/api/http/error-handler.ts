import type { NextFunction, Request, Response } from 'express';
import { ApiError, badRequest, camelCase } from './api-error';
import { DuplicateKeyError } from './json-keys';
import type { ApiErrorBody } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { requestLanguage, translate } from './language';

/** Errors of the body parser (type names from body-parser) that a client causes. */
function fromBodyParser(error: unknown, req: Request): ApiError | null {
  const type = (error as { type?: unknown } | null)?.type;
  const encoding = (req.get('content-encoding') ?? 'identity').toLowerCase();
  if (error instanceof DuplicateKeyError) return badRequest('duplicate_key', error.key);
  if (type === 'entity.parse.failed') return new ApiError(400, 'invalid_json');
  if (type === 'entity.too.large') return new ApiError(413, 'payload_too_large');
  if (type === 'encoding.unsupported') return new ApiError(415, 'unsupported_content_encoding', { params: { encoding } });
  if (type === 'charset.unsupported') return new ApiError(415, 'unsupported_media_type');
  if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set')
    return new ApiError(400, 'invalid_body');
  // Anything else the router or parser already judged a client error (a badly encoded path, a
  // body that cannot be decompressed) stays a client error, never a 500.
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return new ApiError(413, 'payload_too_large');
  if (status === 415) return new ApiError(415, 'unsupported_media_type');
  // Decompression failed (zlib's own error, which body-parser gives no type): the body is not the encoding it names.
  if (status === 400 && type === undefined && encoding !== 'identity')
    return new ApiError(400, 'content_encoding_invalid', { params: { encoding } });
  if (typeof status === 'number' && status >= 400 && status < 500) return new ApiError(400, 'bad_request');
  return null;
}

/** The body of an error answer, its message in the language. */
export function errorBody(lang: Language, error: ApiError): ApiErrorBody {
  const { field, params, messageKey, extra } = error.options;
  const message = translate(lang, messageKey ?? `errors.${camelCase(error.code)}`, params);
  return { error: { code: error.code, message, ...(field ? { field } : {}), ...extra } };
}

export function sendError(req: Request, res: Response, error: ApiError): void {
  const retry = error.options.extra?.retryAfterSeconds;
  if (typeof retry === 'number') res.set('Retry-After', String(retry));
  res
    .status(error.status)
    .set('Cache-Control', 'no-store')
    .json(errorBody(requestLanguage(req), error));
}

export function createErrorHandler(
  logError: (message: string, error: unknown, requestId?: string) => void,
  onRefused?: (code: string) => void,
) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(error);
    const known = error instanceof ApiError ? error : fromBodyParser(error, req);
    if (known?.status === 429 || known?.code === 'streams_busy') onRefused?.(known.code);
    if (known) return sendError(req, res, known);
    // Never a stack trace to the client; the log keeps it for us, at error, with the request's id.
    logError(`API error on ${req.method} ${req.originalUrl}`, error, res.locals.requestId as string | undefined);
    sendError(req, res, new ApiError(500, 'internal_error'));
  };
}
