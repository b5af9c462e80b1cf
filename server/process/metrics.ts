import cluster from 'node:cluster';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AggregatorRegistry, Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SmsKind } from '../api/create-api';
import { listenFailure } from './listen-failure';

/**
 * Prometheus metrics (prom-client) of one process: every label has a bounded set of values (a
 * route pattern, a page key, an API endpoint pattern, a status), never a raw URL, so a flood of
 * junk URLs cannot grow the series. Served on their own port (METRICS_PORT), never by the site.
 */
export interface SiteMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  renderDuration: Histogram<'page' | 'status'>;
  apiDuration: Histogram<'endpoint' | 'status'>;
  apiErrors: Counter<'endpoint' | 'kind'>;
  pageCache: Counter<'result'>;
  pageRenders: Counter<'reason'>;
  limitsRefused: Counter<'limit'>;
  smsSent: Counter<'kind'>;
  /** The proof of work of SMS code requests (server/api/auth/sms-challenge.ts): issued and accepted by level, refused by reason. */
  smsChallenges: Counter<'outcome' | 'level' | 'reason'>;
}

const SMS_KINDS: SmsKind[] = ['code', 'watch'];

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | null = null;

/** Process metrics (CPU, memory, heap, GC, handles, the event loop's lag): one set per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What one process reports: its process metrics and its site's. */
export function processRegistries(metrics: SiteMetrics): Registry[] {
  return [processMetrics(), metrics.registry];
}

export function createMetrics(): SiteMetrics {
  const registry = new Registry();
  const registers = [registry];
  const smsSent = new Counter({
    name: 'sms_sent_total',
    help: 'SMS the embedded operator API sent, by kind (code, watch)',
    labelNames: ['kind'],
    registers,
  });
  // Both series from the start, so a rate over them is defined before the first SMS.
  for (const kind of SMS_KINDS) smsSent.inc({ kind }, 0);
  const smsChallenges = new Counter({
    name: 'sms_challenges_total',
    help: 'Proof-of-work challenges of SMS code requests: issued and accepted (solved and spent) by difficulty level, refused by reason',
    labelNames: ['outcome', 'level', 'reason'],
    registers,
  });
  // The two series an alert divides, from the start (refusals appear by reason as they come).
  smsChallenges.inc({ outcome: 'issued', level: '0', reason: '' }, 0);
  smsChallenges.inc({ outcome: 'accepted', level: '0', reason: '' }, 0);
  return {
    registry,
    smsChallenges,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    }),
    renderDuration: new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Server render of a page from the request to the last byte, by page',
      labelNames: ['page', 'status'],
      buckets: SECONDS,
      registers,
    }),
    apiDuration: new Histogram({
      name: 'operator_api_request_duration_seconds',
      help: "The server's calls to the operator API, by endpoint pattern and status",
      labelNames: ['endpoint', 'status'],
      buckets: SECONDS,
      registers,
    }),
    apiErrors: new Counter({
      name: 'operator_api_errors_total',
      help: "The server's failed calls to the operator API, by endpoint pattern and kind (status, timeout, network)",
      labelNames: ['endpoint', 'kind'],
      registers,
    }),
    pageCache: new Counter({
      name: 'page_cache_requests_total',
      help: 'Page cache lookups by result (hit, miss)',
      labelNames: ['result'],
      registers,
    }),
    pageRenders: new Counter({
      name: 'page_renders_total',
      help: 'Pages rendered for the page store, by reason: first (never stored), changed (its data moved), evicted (pushed out for room), unconfirmed (an external API could not confirm it)',
      labelNames: ['reason'],
      registers,
    }),
    limitsRefused: new Counter({
      name: 'limits_refused_total',
      help: 'Requests refused by a per-client limit (429), by limit',
      labelNames: ['limit'],
      registers,
    }),
    smsSent,
  };
}

/** Methods a route label may carry; anything else is "other". */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The request's route label: set by whoever answered (`res.locals.metricsRoute`: a page key, the
 * static files), else the Express route pattern that matched (the API's `/api/v1/numbers/:number`),
 * else "unmatched".
 */
function routeOf(req: Request, res: Response): string {
  const given = res.locals.metricsRoute as string | undefined;
  if (given) return given;
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  return 'unmatched';
}

export function metricsMiddleware(metrics: SiteMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpDuration.startTimer();
    res.once('close', () => {
      stop({ method: METHODS.has(req.method) ? req.method : 'other', route: routeOf(req, res), status: String(res.statusCode) });
    });
    next();
  };
}

/** First path segments of the operator API; a call elsewhere is "other". */
const API_RESOURCES = new Set([
  'news',
  'tariffs',
  'tariff-constructor',
  'sim-types',
  'numbers',
  'reservations',
  'auctions',
  'auth',
  'identification',
  'orders',
  'points-of-sale',
  'openapi.json',
]);
/** Path segments that name a sub-resource rather than an id. */
const API_SUBRESOURCES = new Set([
  'categories',
  'quote',
  'current',
  'status',
  'payments',
  'bids',
  'reservation',
  'events',
  'sms',
  'verify',
  'remote',
  'manual',
]);

/** `/news/some-slug?page=2` -> `/news/:id`: the endpoint of an API call as a bounded label. */
export function apiEndpointOf(url: string | undefined): string {
  const segments = (url ?? '').split(/[?#]/)[0].split('/').filter(Boolean);
  if (segments.length === 0 || !API_RESOURCES.has(segments[0])) return 'other';
  return `/${segments
    .map((segment, i) => (i === 0 || API_SUBRESOURCES.has(segment) ? segment : ':id'))
    .slice(0, 4)
    .join('/')}`;
}

/**
 * The metrics of every process: with cluster workers, the primary asks each worker for its own
 * and adds them up (prom-client's AggregatorRegistry); a single process answers with its own.
 */
export function startMetricsServer(port: number, host: string, own: Registry[] | null, onListening?: (port: number) => void): http.Server {
  const aggregator = own ? null : new AggregatorRegistry();
  const single = own ? Registry.merge(own) : null;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 Not Found');
      return;
    }
    const body = single ? single.metrics() : aggregator!.clusterMetrics();
    body.then(
      (text) => res.writeHead(200, { 'Content-Type': (single ?? aggregator!).contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics unavailable: ${error.message}`),
    );
  });
  server.on('error', (error: Error) => {
    // Like the site's own port: one readable line, not a crash with a stack.
    process.stderr.write(`${listenFailure(error, host, port, { port: 'METRICS_PORT', host: 'METRICS_HOST' })}\n`);
    process.exit(1);
  });
  server.listen(port, host, () => onListening?.((server.address() as { port: number }).port));
  return server;
}

/** In a cluster worker: answer the primary's requests for this worker's metrics. */
export function shareWithPrimary(registries: Registry[]): void {
  if (!cluster.isWorker) return;
  // Constructing one sets up the worker's side of the exchange.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registries);
}
