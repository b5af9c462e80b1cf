import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fakeNewsItem, startFakeApi, type FakeApi } from './fake-api';

const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The built server as production runs it, on a free loopback port. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string; output: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-shutdown-'));
  const child = spawn(process.execPath, [path.join(distDir, 'server', 'index.cjs')], {
    env: { ...process.env, NODE_PATH: path.join(__dirname, '..', 'node_modules'), PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_REQUESTS: 'false', JWT_SECRET: 'x'.repeat(40), ...env },
    // A DIST_DIR outside the checkout still resolves its packages from the checkout.
    cwd: path.join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 15000);
    const check = () => {
      const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      } else setTimeout(check, 25);
    };
    check();
  });
  return { child, origin, output: () => output };
}

describe('graceful shutdown', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi(1200, fakeNewsItem);
  });
  afterAll(() => api.close());

  it('on SIGTERM finishes the request in flight, accepts no new one and exits 0', async () => {
    const { child, origin } = await startServer({ API_BASE_URL: api.baseUrl });
    try {
      const inFlight = get(`${origin}/en/news/in-flight`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(get(`${origin}/healthz`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.body).toContain('Fake news in-flight');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30000);
});
