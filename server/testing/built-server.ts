import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { copySeededStore } from '../api/test-support/seeded-store';
import { solvedSmsChallenge } from '../api/test-support/sms-challenge';
import { startProcess, type ServiceProcess } from './service-processes';

/** Test support: the built server (dist/server/index.cjs) as production runs it, in its own process. */

const rootDir = path.join(__dirname, '..', '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(rootDir, 'dist');

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  dataDir: string;
  output(): string;
  /** SIGTERM, then SIGKILL if it is still there after a few seconds; the store is removed. */
  stop(): Promise<void>;
}

/** A GET over a connection of its own (no keep-alive: a cluster's round robin spreads them): the answer as it came off the socket. */
export function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
      })
      .on('error', reject);
  });
}

const listeningPorts = (output: string) => [...output.matchAll(/Listening on http:\/\/127\.0\.0\.1:(\d+)/g)].map((match) => match[1]);

/** On a free loopback port; resolves once every worker (WEB_CONCURRENCY, default 1) is listening. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-built-'));
  // Its own fresh folder gets the run's seeded store (server/api/test-support/seeded-store.ts), as a
  // test site's does: the processes start on it rather than seeding their own.
  if (!env.DATA_DIR) copySeededStore(dataDir, Date.now(), env.DEMO_NUMBERS ? Number(env.DEMO_NUMBERS) : undefined);
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  let server: ServiceProcess;
  try {
    server = await startProcess(
      process.execPath,
      [path.join(distDir, 'server', 'index.cjs')],
      (output) => listeningPorts(output).length >= workers,
      {
        label: 'server',
        // A cluster's start on a busy two-core machine (the browser tests run beside the unit tests).
        timeoutMs: 60000,
        env: {
          ...process.env,
          NODE_PATH: path.join(rootDir, 'node_modules'),
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          LOG_REQUESTS: 'false',
          JWT_SECRET: 'x'.repeat(40),
          // The SMS challenges at their smallest (solvedSmsChallenge solves them in milliseconds).
          SMS_CHALLENGE_WORK: '1',
          // As createTestApp: the processes' tests bid on the seeded (platinum) lots without a deposit.
          AUCTION_DEPOSIT_PERCENT: '0',
          ...env,
        },
        // A DIST_DIR outside the checkout still resolves its packages from the checkout.
        cwd: rootDir,
      },
    );
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    child: server.child,
    origin: `http://127.0.0.1:${listeningPorts(server.output())[0]}`,
    dataDir,
    output: server.output,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo SMS code the built server accepts when started by `startCluster`. */
export const CLUSTER_SMS_CODE = '123456';

/**
 * The built server with two cluster workers, as production runs it behind a local proxy, for the
 * tests of what crosses processes: the loopback trusted for X-Forwarded-For, the demo SMS code,
 * the request log on (it names the worker) and no page cache.
 */
export function startCluster(env: Record<string, string> = {}): Promise<BuiltServer> {
  return startBuiltServer({
    WEB_CONCURRENCY: '2',
    TRUST_PROXY: 'loopback',
    DEMO_SMS_CODE: CLUSTER_SMS_CODE,
    LOG_REQUESTS: 'true',
    PAGE_CACHE_SECONDS: '0',
    ...env,
  });
}

export interface JsonAnswer {
  status: number;
  body: { error?: { code: string } } & Record<string, unknown>;
}

/**
 * A JSON call on a connection of its own (no keep-alive agent), so the calls of a test spread over
 * a cluster's workers; over HTTPS the test's self-signed certificate is accepted. `from` picks the
 * loopback address the call comes from (a proxy in front limits and logs by it).
 */
export function callJson(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
  from?: string,
): Promise<JsonAnswer> {
  const client = url.startsWith('https:') ? https : http;
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        agent: false,
        rejectUnauthorized: false,
        localAddress: from,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Signs a phone in by SMS on a built server, as the site does (the challenge solved, the code sent,
 * then verified with its challenge id and the demo code), from the client `headers` name: its auth token.
 */
export async function signedInOn(origin: string, phone: string, headers: Record<string, string> = {}): Promise<string> {
  const post = (route: string, body: unknown) => callJson(`${origin}/api/v1${route}`, 'POST', body, headers);
  const sent = await post('/auth/sms', { phone, altcha: await solvedSmsChallenge(origin, phone, headers) });
  expect(sent.status).toBe(201);
  const { challengeId } = sent.body;
  return (await post('/auth/sms/verify', { phone, code: CLUSTER_SMS_CODE, challengeId })).body.authToken as string;
}
