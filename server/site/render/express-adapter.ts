import { pipeline } from 'node:stream';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { decodablePath, pageUrl } from './page-url';
import { CLIENT_ADDRESS_HEADER, NUMBER_CHOICE_HEADER, type RenderDocument, type RenderedDocument } from './rendered-document';

export interface PageRouteOptions {
  /** Concatenated with the page's path, never resolved against it: `//host/x` stays a path here. */
  publicSiteUrl: string;
  /** The page key of a path, for the request's metrics label. */
  pageOf: (path: string) => string;
  log: (level: 'error' | 'info', message: string, error?: unknown) => void;
  /** A POST answered with the page as a GET of the same address renders it (a refused choice: http/number-choice.ts). */
  postAsGet?: boolean;
}

/**
 * Express's side of a page: the request as a Fetch `Request` for `render` (the page cache around
 * `renderDocument`), the answer written back with its status, headers and streamed body.
 */
export function pageRoute(render: RenderDocument, options: PageRouteOptions): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // The page's key labels its metrics (a bounded set), whatever the URL says.
    res.locals.metricsRoute = `page:${options.pageOf(decodablePath(req.path))}`;
    const abort = new AbortController();
    // Registered before the body is piped, so the render knows the visitor left before its
    // stream is torn down (and does not log that as a render error).
    res.on('close', () => {
      abort.abort();
      // A visitor who closes the tab is nobody's fault: a note, never an error with a stack.
      if (!res.writableFinished) options.log('info', `Client went away: ${req.method} ${req.path}`);
    });
    const request = new Request(`${options.publicSiteUrl}${pageUrl(req.originalUrl)}`, {
      method: options.postAsGet && req.method === 'POST' ? 'GET' : req.method,
      headers: {
        'user-agent': req.get('user-agent') ?? '',
        'accept-language': req.get('accept-language') ?? '',
        cookie: req.get('cookie') ?? '',
        // A stored page is sent as the visitor accepts it, or as 304 when they have it.
        'accept-encoding': req.get('accept-encoding') ?? '',
        'if-none-match': req.get('if-none-match') ?? '',
        // The response's id (server/process/logger.ts): the page's reads are logged under it.
        'x-request-id': (res.locals.requestId as string | undefined) ?? '',
        // The visitor's address as Express sees it (TRUST_PROXY), never a header they sent: the
        // number search's line counts a visitor's pages as it counts an API client's searches.
        [CLIENT_ADDRESS_HEADER]: req.ip ?? '',
        // A number chosen without scripts (http/number-choice.ts): set by this server, never by the visitor.
        [NUMBER_CHOICE_HEADER]: typeof res.locals.numberChoice === 'string' ? res.locals.numberChoice : '',
      },
      signal: abort.signal,
    });
    render(request).then(
      (document) => send(document, res, options.log),
      (error: unknown) => {
        // The visitor left before there was anything to send: nothing to answer.
        if (!abort.signal.aborted) next(error);
      },
    );
  };
}

/** Room for the listeners a page response carries while it is piped (see send). */
const RESPONSE_LISTENERS = 20;

/** How a pipeline to a response ends when the connection closed before the last byte. */
const VISITOR_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'EPIPE', 'ECONNRESET']);

function send(document: RenderedDocument, res: ExpressResponse, log: PageRouteOptions['log']): void {
  const { Vary: vary, ...headers } = document.headers;
  res.status(document.status).set(headers);
  // Added to what the response varies by already (`/` varies by its language cookie), never in its place.
  if (vary) res.vary(vary);
  const { body } = document;
  if (!body) {
    res.end();
    return;
  }
  // node's pipeline puts seven 'close' listeners on its destination; with the four the site puts
  // on every response (metrics, the request log, compression, the render's abort above) that is
  // more than EventEmitter's default of ten, and node wrote a MaxListenersExceededWarning, a
  // multi-line stack on stderr, for every page it sent. Eleven listeners on a response that ends
  // are no leak.
  res.setMaxListeners(RESPONSE_LISTENERS);
  pipeline(body, res, (error) => {
    // A visitor gone midway is logged where the response closes; anything else is the server's.
    if (error && !VISITOR_GONE.has((error as NodeJS.ErrnoException).code ?? ''))
      log('error', `Sending the page failed: ${res.req.path}`, error);
  });
  flushAfterEachBurst(body, res);
}

/**
 * With compression on, what is written sits in the compressor until it is flushed. React flushes
 * its destination after each batch it writes, but its destination here is the document's body, so
 * the response is flushed after each burst of data instead (once per turn of the event loop): the
 * shell reaches the browser at once, and each streamed part when it is ready.
 */
function flushAfterEachBurst(body: NodeJS.ReadableStream, res: ExpressResponse): void {
  const flush = (res as ExpressResponse & { flush?: () => void }).flush;
  if (typeof flush !== 'function') return;
  let queued = false;
  body.on('data', () => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      if (!res.writableEnded && !res.destroyed) flush.call(res);
    });
  });
}
