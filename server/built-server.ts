import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/** Test support: the built server (dist/server/index.cjs) as production runs it, in its own process. */

const rootDir = path.join(__dirname, '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(rootDir, 'dist');

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  dataDir: string;
  output(): string;
  /** SIGTERM, then SIGKILL if it is still there after a few seconds; the store is removed. */
  stop(): Promise<void>;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** On a free loopback port; resolves once every worker (WEB_CONCURRENCY, default 1) is listening. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-built-'));
  const child = spawn(process.execPath, [path.join(distDir, 'server', 'index.cjs')], {
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
      ...env,
    },
    // A DIST_DIR outside the checkout still resolves its packages from the checkout.
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20000);
    const check = () => {
      const ports = [...output.matchAll(/Listening on http:\/\/127\.0\.0\.1:(\d+)/g)].map((match) => match[1]);
      if (ports.length >= workers) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${ports[0]}`);
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        fs.rmSync(dataDir, { recursive: true, force: true });
        reject(new Error(`server exited: ${output}`));
      } else setTimeout(check, 25);
    };
    check();
  });
  return {
    child,
    origin,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
export function callJson(url: string, method: string, body?: unknown, headers: Record<string, string> = {}, from?: string): Promise<JsonAnswer> {
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
