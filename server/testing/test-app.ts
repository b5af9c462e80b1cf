import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type AppOptions, type App } from '../site/app';
import { loadConfig, type Config } from '../process/config';
import { copySeededStore } from '../api/test-support/seeded-store';
import type { Logger } from '../process/logger';

export const TEST_SITE_URL = 'https://oq.example';

/** A logger that keeps what it is told, so tests can assert on it and the output stays quiet. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: string, error?: unknown, fields?: Record<string, unknown>) => {
    const detail = error instanceof Error ? ` ${error.message}` : error === undefined ? '' : ` ${String(error)}`;
    lines.push(`${level}: ${message}${detail}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error'), request: (entry) => lines.push(JSON.stringify(entry)) };
}

export interface TestApp {
  app: App;
  config: Config;
  logger: ReturnType<typeof memoryLogger>;
  dataDir: string;
  close(): void;
}

/** The app on a fresh temporary store, as supertest and the browser tests load it. */
export function createTestApp(env: Record<string, string> = {}, options: AppOptions = {}): TestApp {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_SITE_URL: TEST_SITE_URL,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DEMO_SMS_CODE: '123456',
    // The SMS challenges at their smallest: a few keys each, so solving them costs tests nothing.
    SMS_CHALLENGE_WORK: '1',
    // The seeded lots are nearly all platinum, which asks a deposit before a bid: the tests that bid
    // through the site bid without one (the deposits' own are server/api/auctions/auction-deposits.test.ts).
    AUCTION_DEPOSIT_PERCENT: '0',
    LOG_REQUESTS: 'false',
    // Pages wait for their data as long as the API takes (up to its timeout): a busy test machine
    // must not turn a page into a streamed one. The slow-API tests set their own.
    STREAM_AFTER_MS: '10000',
    // The build under test: dist/ unless DIST_DIR names another (see build.mjs).
    ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    ...env,
  });
  // Its own fresh folder gets the run's seeded store (seeded-store.ts), for the API's clock, rather than seeding its own.
  if (!env.DATA_DIR && !config.apiBaseUrl) copySeededStore(dataDir, Date.now(), config.api.demoNumbers);
  const logger = memoryLogger();
  const app = createApp(config, { logger, ...options });
  return {
    app,
    config,
    logger,
    dataDir,
    close() {
      app.locals.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Listening {
  server: http.Server;
  origin: string;
  /** Stops listening, closing any connection still open. */
  close(): Promise<void>;
}

/** Serves `app` on a free port of 127.0.0.1, for tests that need a real socket. */
export async function listenOnLoopback(app: http.RequestListener): Promise<Listening> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
