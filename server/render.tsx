import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { LRUCache } from 'lru-cache';
import type { i18n as I18n } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { LANGUAGES, languageFromPath, type Language } from '../shared/languages';
import { sameOriginPath } from '../shared/paths';
import { scriptSafeJson } from '../shared/script-json';
import { markDeferredLoaderData } from '../client/deferred';
import type { Config } from './config';
import { createI18n, type Catalog } from '../client/i18n';
import { RuntimeProvider, type BootData, type Runtime } from '../client/runtime';
import { pageModulePath, pageOfRouteId } from '../client/routes';
import { layoutOf } from '../client/route-handle';
import type { ServerRequestContext } from '../client/request-context';
import { modulePreloads, type BuildManifest } from './build-manifest';
import { isBot } from './bots';
import { contentSecurityPolicy, createNonce, frameAncestorsFor } from './security-headers';
import type { ServerHttp } from './server-http';
import type { SiteMetrics } from './metrics';
import { pageUrl, withNonce, type CachedPage, type PageCache } from './page-cache';
import { within } from '../shared/within';

export interface RendererOptions {
  config: Config;
  routes: RouteObject[];
  manifest: BuildManifest;
  catalogs: Record<Language, Catalog>;
  log: (level: 'error' | 'warn' | 'info', message: string, error?: unknown) => void;
  pageCache: PageCache;
  metrics: SiteMetrics;
  /** The loaders' API clients. */
  serverHttp: ServerHttp;
}

/**
 * The same shape react-router's browser router deserializes (`__type` markers). Outside
 * development an error's own message never leaves the server: it may name internals.
 */
function serializeErrors(errors: StaticHandlerContext['errors'], showDetails: boolean): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { status: error.status, statusText: error.statusText, internal: Boolean((error as { internal?: boolean }).internal), data: showDetails ? error.data : null, __type: 'RouteErrorResponse' };
    else out[id] = { message: showDetails && error instanceof Error ? error.message : 'Unexpected Server Error', __type: 'Error' };
  }
  return out;
}

/** The route whose error boundary shows a render error: the page's layout, else the document. */
function errorBoundaryFor(context: StaticHandlerContext, attempt: number): string {
  if (attempt === 0) {
    const layout = [...context.matches].reverse().find((match) => layoutOf(match.route));
    if (layout) return layout.route.id;
  }
  return 'root';
}

/**
 * The key of the page a path opens, or not_found. Matching flattens the whole route table each
 * time, so answers are remembered for the paths seen most recently.
 */
function pageOfPathIn(routes: RouteObject[]): (path: string) => string {
  const known = new LRUCache<string, string>({ max: 2000 });
  return (path) => {
    let page = known.get(path);
    if (page === undefined) known.set(path, (page = matchPage(routes, path)));
    return page;
  };
}

function matchPage(routes: RouteObject[], path: string): string {
  const matches = matchRoutes(routes, path) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const page = matches[i].route.id ? pageOfRouteId(matches[i].route.id!) : null;
    if (page) return page;
  }
  return 'not_found';
}

const STATUS_TEXT: Record<number, string> = { 404: 'Page Not Found', 500: 'Internal Server Error' };

/** A plain body for bots on error statuses, and the last resort when React cannot render at all. */
function plainError(res: ExpressResponse, status: number): void {
  res
    .status(status)
    .type('text/plain; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(`${status} ${STATUS_TEXT[status] ?? 'Error'}`);
}

/** How long a request waits for the same page rendered for another one before rendering it itself. */
const FLIGHT_WAIT_MS = 2000;

export function createRenderer(options: RendererOptions) {
  const { config, routes, manifest, catalogs, log, pageCache, metrics } = options;
  const handler = createStaticHandler(routes);
  const pageOfPath = pageOfPathIn(routes);
  // One i18next instance per language for every render: rendering only reads it (t() is pure; no
  // render changes its language or resources); a new instance per request showed in every profile.
  const i18nByLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, createI18n(language, catalogs[language])])) as Record<Language, I18n>;

  return async function renderPage(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const lang = languageFromPath(req.path);
    const bot = isBot(req.get('user-agent'));
    const abort = new AbortController();
    res.on('close', () => {
      abort.abort();
      // A visitor who closes the tab is nobody's fault: a note, never an error with a stack.
      if (!res.writableFinished) log('info', `Client went away: ${req.method} ${req.path}`);
    });
    const setPageHeaders = (status: number, nonce: string, cache: 'HIT' | 'MISS') => {
      res.status(status);
      res.set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': contentSecurityPolicy(nonce, config.public, frameAncestorsFor(req.path, config.oqDayFrameAncestors)),
        'X-Page-Cache': cache,
        // nginx would otherwise buffer the stream: the shell must reach the visitor at once.
        'X-Accel-Buffering': 'no',
      });
    };

    // Bots and browsers get differently streamed documents, so they are cached apart.
    // The page for the parameters the site reads; tracking and junk parameters change nothing.
    const url = pageUrl(req.originalUrl);
    const cacheKey = `${bot ? 'bot' : 'browser'} ${url}`;
    const serveCached = (cached: CachedPage) => {
      const nonce = createNonce();
      setPageHeaders(cached.status, nonce, 'HIT');
      if (req.method === 'HEAD') res.end();
      else res.end(withNonce(cached, nonce));
    };
    // The page's key labels its metrics (a bounded set), whatever the URL says.
    const pageLabel = pageOfPath(req.path);
    res.locals.metricsRoute = `page:${pageLabel}`;
    const cached = pageCache.get(cacheKey);
    if (pageCache.enabled) metrics.pageCache.inc({ result: cached ? 'hit' : 'miss' });
    if (cached) return serveCached(cached);
    // The same page being rendered for another request: its result, if it comes soon and is kept.
    const inFlight = pageCache.pending(cacheKey);
    if (inFlight) {
      const page = await within(inFlight, FLIGHT_WAIT_MS);
      if (abort.signal.aborted) return;
      if (page) return serveCached(page);
    }
    const stopRenderTimer = metrics.renderDuration.startTimer({ page: pageLabel });
    res.once('close', () => stopRenderTimer({ status: String(res.statusCode) }));
    const endFlight = pageCache.begin(cacheKey);
    // Whatever ends this response without a page to keep (an error, a redirect, a visitor gone) ends the flight.
    res.on('close', () => endFlight(null));

    // Concatenated, never resolved: `//host/x` must stay a path on this site.
    const request = new Request(`${config.publicSiteUrl}${url}`, {
      method: 'GET',
      headers: { 'accept-language': req.get('accept-language') ?? '', cookie: req.get('cookie') ?? '' },
      signal: abort.signal,
    });
    const http = options.serverHttp(lang, abort.signal);
    // A page built while the API failed shows an error state: fine to send, not to keep.
    let apiFailed = false;
    http.interceptors.response.use(undefined, (error: unknown) => {
      apiFailed = true;
      return Promise.reject(error);
    });
    const requestContext: ServerRequestContext = { lang, http, streamAfterMs: config.public.streamAfterMs };
    let result: Awaited<ReturnType<typeof handler.query>>;
    try {
      result = await handler.query(request, { requestContext });
    } catch (error) {
      // The visitor left while the loaders ran: react-router ends the query with an AbortError.
      if (abort.signal.aborted) return;
      throw error;
    }
    if (result instanceof Response) {
      const location = result.headers.get('Location');
      // A loader's redirect stays on this site, whatever path it was built from.
      const target = location ? sameOriginPath(location) : null;
      if (target && result.status >= 300 && result.status < 400) res.redirect(result.status, target);
      else plainError(res, result.status);
      return;
    }
    if (abort.signal.aborted) return;
    for (const error of Object.values(result.errors ?? {})) {
      if (!isRouteErrorResponse(error)) log('error', `Loader failed for ${req.path}`, error);
    }

    const i18n: I18n = i18nByLanguage[lang];
    const nonce = createNonce();
    const pages = result.matches.map((match) => pageOfRouteId(match.route.id)).filter((page) => page !== null);
    const runtime: Runtime = {
      config: config.public,
      i18nFor: () => i18n,
      nonce,
      stylesheets: manifest.stylesheets,
      modulePreloads: modulePreloads(manifest, [...pages.map(pageModulePath), `locales/${lang}.json`]),
      deferredIds: new WeakMap(),
    };
    const boot: BootData = { lang, config: config.public, stylesheets: manifest.stylesheets, buildId: manifest.buildId };

    const send = (context: StaticHandlerContext, attempt: number): void => {
      const status = context.statusCode;
      // A part that failed (an API error shown as such) is never kept in the page cache.
      let failedPart = false;
      if (bot && status >= 400) return plainError(res, status);
      const hydration = { loaderData: markDeferredLoaderData(context.loaderData, runtime.deferredIds, () => (failedPart = true)), actionData: context.actionData, errors: serializeErrors(context.errors, config.public.showErrorDetails) };
      const router = createStaticRouter(handler.dataRoutes, context);
      let settled = false;
      const start = () => {
        if (settled || res.headersSent) return;
        settled = true;
        setPageHeaders(status, nonce, 'MISS');
        if (req.method === 'HEAD') {
          res.end();
          stream.abort();
          return;
        }
        if (pageCache.enabled && (status === 200 || status === 404)) recordForCache(status);
        stream.pipe(res);
      };
      // Keeps a copy of what is written; a complete page without a failed part is stored (and
      // handed to the requests waiting for it) as soon as the render has written its end.
      const recordForCache = (pageStatus: number) => {
        const chunks: Buffer[] = [];
        const keep = (chunk: unknown) => {
          if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
        };
        const write = res.write.bind(res) as (...args: unknown[]) => boolean;
        res.write = ((chunk: unknown, ...rest: unknown[]) => {
          keep(chunk);
          return write(chunk, ...rest);
        }) as typeof res.write;
        const end = res.end.bind(res) as (...args: unknown[]) => ExpressResponse;
        res.end = ((chunk?: unknown, ...rest: unknown[]) => {
          if (typeof chunk !== 'function') keep(chunk);
          const complete = !failedPart && !apiFailed && !abort.signal.aborted;
          endFlight(complete ? { status: pageStatus, html: Buffer.concat(chunks).toString('utf8'), nonce } : null);
          return end(chunk, ...rest);
        }) as typeof res.end;
      };
      const stream = renderToPipeableStream(
        <RuntimeProvider value={runtime}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </RuntimeProvider>,
        {
          nonce,
          bootstrapScriptContent: `window.__APP__=${scriptSafeJson(boot)};window.__staticRouterHydrationData=${scriptSafeJson(hydration)};`,
          bootstrapModules: [manifest.entry],
          // Browsers get the stream as soon as the shell is ready; bots wait for everything.
          onShellReady() {
            if (!bot) start();
          },
          onAllReady() {
            if (bot) start();
          },
          onShellError(error) {
            clearTimeout(timer);
            if (settled || res.headersSent) return;
            settled = true;
            log('error', `Render failed for ${req.path}`, error);
            if (attempt >= 2) return plainError(res, 500);
            const boundary = errorBoundaryFor(context, attempt);
            send({ ...context, statusCode: 500, errors: { [boundary]: error } }, attempt + 1);
          },
          onError(error) {
            failedPart = true;
            if (!abort.signal.aborted) log('error', `Render error for ${req.path}`, error);
          },
        },
      );
      // A stuck render is ended; the timer goes when the response does.
      const timer = setTimeout(() => stream.abort(new Error('Render timed out')), config.renderTimeoutMs);
      res.on('close', () => {
        clearTimeout(timer);
        if (!res.writableFinished) stream.abort();
      });
    };
    send(result, 0);
  };
}
