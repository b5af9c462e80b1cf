import { STATUS_CODES } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import cookieParser from 'cookie-parser';
import type { RouteObject } from 'react-router';
import { CATALOGUES } from '../../locales/catalogues';
import { createRoutes } from '../../client/app/routes';
import { createApi, type Api } from '../api/create-api';
import { readBuildManifest } from './render/build-manifest';
import type { Config } from '../process/config';
import { createLogger, requestId, requestLog, type Logger } from '../process/logger';
import { languageRedirects } from './http/language-redirects';
import { canonicalCase } from './http/canonical-case';
import { ogImages } from './seo/og-image';
import { robots, sitemap } from './seo/sitemap';
import { createRenderer } from './render/renderer';
import { PageCache, withPageCache } from './render/page-cache';
import { pageRoute } from './render/express-adapter';
import { baseSecurityHeaderSet, createBaseSecurityHeaders } from './http/security-headers';
import { storedPagesFirst } from './render/stored-first';
import { createMetrics, metricsMiddleware, type SiteMetrics } from '../process/metrics';
import { createServerHttp } from './operator-api/http-client';
import { createApiProbe } from './http/api-probe';
import { createServerReader } from './operator-api/server-reader';
import { createVisitorReservations, visitorAddressFromSite, visitorAddressKey } from './operator-api/visitor-reservation';
import { carriesHandoff, handoffPage, numberChoice, NUMBERS_PAGE_PATHS, type RenderPage } from './http/number-choice';

export interface AppOptions {
  /** Replaces the route table (tests add a route that throws). */
  routes?: RouteObject[];
  logger?: Logger;
}

export interface App extends express.Express {
  locals: express.Express['locals'] & { api: Api | null; metrics: SiteMetrics; endStreams: () => void; close: () => Promise<void> };
}

export function createApp(config: Config, options: AppOptions = {}): App {
  const logger = options.logger ?? createLogger();
  const manifest = readBuildManifest(config.distDir);
  const clientDir = path.join(config.distDir, 'client');
  const app = express() as App;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  const metrics = createMetrics();
  app.locals.metrics = metrics;
  const api = config.apiBaseUrl
    ? null
    : createApi({
        ...config.api,
        onRefused: (code) => metrics.limitsRefused.inc({ limit: code }),
        onSmsSent: (kind) => metrics.smsSent.inc({ kind }),
        onSmsChallenge: (event) =>
          metrics.smsChallenges.inc(
            event.outcome === 'refused'
              ? { outcome: event.outcome, level: '', reason: event.reason }
              : { outcome: event.outcome, level: String(event.level), reason: '' },
          ),
        log: (message) => logger.info(message),
        logError: (message, error, id) => logger.error(message, error, { requestId: id }),
      });
  // The server's own reads of the operator API: the embedded API's functions, called directly,
  // or with API_BASE_URL the server's HTTP client.
  const serverReader = createServerReader(api, config.apiBaseUrl ? createServerHttp(config.apiBaseUrl, { metrics }) : null);
  const log = (level: 'error' | 'warn' | 'info', message: string, error?: unknown) => logger[level](message, error);
  const renderer = createRenderer({
    config,
    routes: options.routes ?? createRoutes(),
    manifest,
    siteTexts: CATALOGUES,
    log,
    metrics,
    serverReader,
    versioned: api !== null,
  });
  const pageCache = new PageCache({
    enabled: config.pageCacheSeconds > 0,
    unversionedTtlMs: config.pageCacheSeconds * 1000,
    maxBytes: config.pageCacheMaxBytes,
    check: api ? { version: (key) => api.dataVersion(key), now: () => api.now() } : null,
  });

  if (config.logRequests) app.use(requestLog(logger));
  // A stored page still true is answered before everything else (render/stored-first.ts).
  if (pageCache.enabled) {
    const stored = storedPagesFirst({
      cache: pageCache,
      metrics,
      baseHeaders: baseSecurityHeaderSet(config.oqDayFrameAncestors, config.pageFrameAncestors),
      pageOf: renderer.pageOf,
    });
    // The numbers page of a visitor whose choice the server just reserved is theirs alone (below).
    app.use((req, res, next) => (carriesHandoff(req) ? next() : stored(req, res, next)));
  }
  app.use(metricsMiddleware(metrics));
  app.use(requestId);
  app.use(createBaseSecurityHeaders(config.oqDayFrameAncestors, config.pageFrameAncestors));
  app.use(compression());

  // Before the client files: it names this deployment's own origin.
  app.get('/robots.txt', robots(config));
  // Hashed names: cached for a year; everything else in the client output is revalidated. Sent
  // as the build compressed them (`.br`, `.gz` beside each text file, build.mjs) when the browser
  // takes that encoding; the compression middleware leaves an encoded answer alone.
  app.use(
    '/assets',
    labelRoute('static'),
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  const clientFiles = express.static(clientDir, {
    index: false,
    setHeaders(res, file) {
      const name = path.basename(file);
      if (name === 'manifest.json') return;
      res.setHeader('Cache-Control', /^(build|latest)/.test(name) ? 'no-cache' : 'public, max-age=3600');
    },
  });
  // Only paths under the build's own top-level files and folders look at the disk: a page or an
  // API call is not a file, and checking costs a stat on every request.
  const topLevel = new Set(fs.existsSync(clientDir) ? fs.readdirSync(clientDir) : []);
  app.use((req, res, next) => {
    if (!topLevel.has(req.path.split('/')[1] ?? '')) return next();
    res.locals.metricsRoute = 'static';
    clientFiles(req, res, next);
  });

  // The site's own reservation for a visitor without scripts names the visitor's address, signed
  // (operator-api/visitor-reservation.ts); nobody else can name one.
  if (api) app.use('/api/v1', visitorAddressFromSite(visitorAddressKey(config.api.jwtSecret)), api.router);
  app.locals.api = api;
  app.locals.endStreams = () => api?.endStreams();
  // Resolves when the embedded API's number search threads have ended too.
  app.locals.close = async () => api?.close();

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Ready when the operator API answers: the embedded store, or the configured API over HTTP.
  const probeApi = config.apiBaseUrl ? createApiProbe(config.apiBaseUrl) : null;
  app.get('/readyz', async (_req, res) => {
    const ready = api ? api.isReady() : await probeApi!();
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable' });
  });

  app.get('/sitemap.xml', sitemap(config, serverReader));
  app.use(ogImages(config, CATALOGUES, serverReader));

  app.use(cookieParser());
  app.use(canonicalCase);
  app.use(languageRedirects);

  // "Choose" before the scripts ran (issue 63): the choice's POST, and the page that follows it,
  // both rendered for this visitor alone, never through the page store.
  const pageOptions = { publicSiteUrl: config.publicSiteUrl, pageOf: renderer.pageOf, log };
  const renderPage: RenderPage = (status) =>
    pageRoute(
      async (request) => {
        const document = await renderer.renderDocument(request);
        return document.status === 200 ? { ...document, status } : document;
      },
      { ...pageOptions, postAsGet: true },
    );
  const visitorBookings = createVisitorReservations({ apiBaseUrl: config.apiBaseUrl, jwtSecret: config.api.jwtSecret });
  app.post(NUMBERS_PAGE_PATHS, numberChoice({ reserve: visitorBookings.reserve, renderPage, publicSiteUrl: config.publicSiteUrl, log }));
  app.get(NUMBERS_PAGE_PATHS, handoffPage(renderPage, visitorBookings.current, log));

  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.set('Allow', 'GET, HEAD').status(405).type('text/plain').send('405 Method Not Allowed');
  });
  // Every other path is a page: the page cache around the document's render.
  app.use(pageRoute(withPageCache(renderer.renderDocument, { cache: pageCache, metrics }), pageOptions));

  // Registered last: anything thrown above ends here, never as a crash or a stack trace.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = httpStatusOf(error);
    if (status >= 500) logger.error(`Request failed: ${req.method} ${req.path}`, error, { requestId: res.locals.requestId });
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type('text/plain; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send(`${status} ${STATUS_CODES[status] ?? 'Error'}`);
  });
  return app;
}

function labelRoute(route: string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.metricsRoute = route;
    next();
  };
}

function httpStatusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
