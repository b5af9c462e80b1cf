// First: it settles NODE_ENV before any package reads it (React picks its build by it).
import './process/node-env';
import cluster from 'node:cluster';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './site/app';
import { ConfigError, loadConfig, type Config } from './process/config';
import { createLogger, type Logger } from './process/logger';
import { listenFailure } from './process/listen-failure';
import { processRegistries, shareWithPrimary, startMetricsServer } from './process/metrics';
import { createApi, type Api } from './api/create-api';

/** Process entry: configuration, workers, listening and graceful shutdown; the app lives in app.ts. */
function boot(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger();
  // A promise nobody awaited (e.g. an API call a loader started, cancelled when its visitor left)
  // must not take the site down for everyone: log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    const cancelled = (reason as { code?: string } | null)?.code === 'ERR_CANCELED';
    if (!cancelled) logger.error('Unhandled promise rejection', reason);
  });

  if (cluster.isPrimary && config.webConcurrency > 1) {
    // Workers must share one signing secret, and the store is migrated once before they start.
    if (config.jwtSecretGenerated) {
      logger.warn('JWT_SECRET is not set: a random secret is used, so tokens end with this process.');
      // The workers read their configuration afresh: they find this process's random secret.
      process.env.JWT_SECRET = config.api.jwtSecret;
    }
    if (!config.apiBaseUrl) prepareStore(config, logger);
    let shuttingDown = false;
    for (let i = 0; i < config.webConcurrency; i += 1) cluster.fork();
    superviseWorkers(logger, () => shuttingDown);
    // The primary serves the metrics of all its workers, added up.
    const metricsServer =
      config.metricsPort === null
        ? null
        : startMetricsServer(config.metricsPort, config.metricsHost, null, (port) =>
            logger.info(`Metrics on http://${config.metricsHost}:${port}/metrics`),
          );
    const stop = () => {
      shuttingDown = true;
      metricsServer?.close();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    return;
  }

  if (cluster.isPrimary && config.jwtSecretGenerated) {
    logger.warn('JWT_SECRET is not set: a random secret is used, so tokens end with this process.');
  }
  const app = createApp(config, { logger });
  let metricsServer: Server | null = null;
  if (config.metricsPort !== null) {
    const registries = processRegistries(app.locals.metrics);
    if (cluster.isWorker) shareWithPrimary(registries);
    else
      metricsServer = startMetricsServer(config.metricsPort, config.metricsHost, registries, (port) =>
        logger.info(`Metrics on http://${config.metricsHost}:${port}/metrics`),
      );
  }
  // The API's start-up work (the numbers for sale read into memory) is over before requests come:
  // a worker that does not listen yet is given none, and no request waits for that work.
  const api = app.locals.api as Api | null;
  void (api?.warmed() ?? Promise.resolve()).then(() => listen(app, config, logger, metricsServer));
}

/** Listens, and drains on SIGTERM or SIGINT. */
function listen(app: ReturnType<typeof createApp>, config: Config, logger: Logger, metricsServer: Server | null): void {
  // Express 5 hands a listen error (a port in use, no permission) to this callback.
  const server: Server = app.listen(config.port, config.host, (error?: Error) => {
    if (error) {
      const line = listenFailure(error, config.host, config.port, { port: 'PORT', host: 'HOST' });
      app.locals.close();
      // A worker tells its primary, which says it once for all of them and decides what to do;
      // it exits once the message is sent (IPC is asynchronous).
      if (cluster.isWorker && process.send) process.send({ type: START_FAILED, message: line }, () => process.exit(1));
      else {
        process.stderr.write(`${line}\n`);
        process.exit(1);
      }
      // Nothing is listening: no address to log while the exit above is on its way.
      return;
    }
    const { port } = server.address() as AddressInfo;
    logger.info(`Listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
  });
  // While draining, a connection whose last request is answered is closed at once instead of
  // idling until its keep-alive timeout, so shutdown waits only for the requests in flight.
  server.on('request', (_req, res: ServerResponse) => {
    res.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  // SIGTERM: stop accepting, let in-flight requests finish, close idle keep-alive sockets, exit 0.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: draining connections`);
    metricsServer?.close();
    // Live auction streams never finish by themselves: ended now, their browsers reconnect to a
    // server that stays (another worker or machine), and this one drains like any other.
    app.locals.endStreams();
    // The API's store and its number search threads closed before the exit.
    server.close(() => void app.locals.close().finally(() => process.exit(0)));
    // Idle keep-alive connections would otherwise hold the exit until their timeout.
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('Connections did not drain in time; exiting');
      server.closeAllConnections();
      void app.locals.close().finally(() => process.exit(0));
    }, 15000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** What a worker that cannot start tells its primary (cluster's IPC), with the one-line reason. */
const START_FAILED = 'oq:start-failed';
/** Start-up failures in a row, with no worker listening in between, after which the primary gives up. */
const START_ATTEMPTS = 3;
/** A worker that dies in service is replaced after this, doubled for each further death in a row, up to the cap. */
const RESTART_DELAY_MS = 500;
const RESTART_DELAY_CAP_MS = 30_000;
/** A worker that served this long before it died starts the back-off afresh: it was not a crash loop. */
const STABLE_AFTER_MS = 60_000;

/**
 * The primary's care of its workers. One that dies in service is replaced, after a back-off that
 * grows while they keep dying (a crash loop must not spin the CPU). One that dies before it ever
 * listened failed to start: after START_ATTEMPTS such failures in a row (a port in use fails
 * every worker alike, and re-forking would go on for ever) the primary stops its workers and
 * exits 1 with the workers' one-line reason, as the single-process server does.
 */
function superviseWorkers(logger: Logger, shuttingDown: () => boolean): void {
  const listenedAt = new Map<number, number>();
  let startFailures = 0;
  let lastReason: string | null = null;
  let deathsInARow = 0;
  cluster.on('listening', (worker) => {
    listenedAt.set(worker.id, Date.now());
    startFailures = 0;
  });
  cluster.on('message', (_worker, message: unknown) => {
    const failure = message as { type?: unknown; message?: unknown } | null;
    if (failure?.type === START_FAILED && typeof failure.message === 'string') lastReason = failure.message;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (shuttingDown()) return;
    const since = listenedAt.get(worker.id);
    listenedAt.delete(worker.id);
    if (since === undefined) {
      startFailures += 1;
      if (startFailures >= START_ATTEMPTS) {
        process.stderr.write(`${lastReason ?? `Workers exit before they listen (the last with ${signal ?? code}); see the log above.`}\n`);
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        process.exit(1);
      }
      cluster.fork();
      return;
    }
    deathsInARow = Date.now() - since >= STABLE_AFTER_MS ? 1 : deathsInARow + 1;
    const delay = Math.min(RESTART_DELAY_CAP_MS, RESTART_DELAY_MS * 2 ** (deathsInARow - 1));
    logger.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!shuttingDown()) cluster.fork();
    }, delay).unref();
  });
}

/** The primary creates, migrates and seeds a new store (with the catalogue size asked for) before the workers start. */
function prepareStore(config: Config, logger: Logger): void {
  createApi({ ...config.api, redisUrl: null, log: (message) => logger.info(message) }).close();
}

boot();
