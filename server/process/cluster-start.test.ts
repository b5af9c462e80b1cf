import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { get, startBuiltServer } from '../testing/built-server';

/** The cluster's primary: a start-up failure ends it, a worker that dies in service is replaced. */

const rootDir = path.join(__dirname, '..', '..');
const distDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(rootDir, 'dist');

describe('a cluster (WEB_CONCURRENCY=2)', () => {
  it('on a port already in use stops re-forking, says why in the single-process server’s one line, and exits 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-cluster-start-'));
    try {
      const child = spawn(process.execPath, [path.join(distDir, 'server', 'index.cjs')], {
        cwd: rootDir,
        env: {
          ...process.env,
          NODE_PATH: path.join(rootDir, 'node_modules'),
          NODE_ENV: 'production',
          WEB_CONCURRENCY: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          JWT_SECRET: 'x'.repeat(40),
          LOG_REQUESTS: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
      expect(code).toBe(1);
      const line = `Cannot listen on 127.0.0.1:${port}: the port is already in use (set PORT to another port or stop the other process).`;
      expect(stderr.split('\n').filter((entry) => entry === line)).toHaveLength(1);
      // No worker was replaced as if it had died in service.
      expect(`${stdout}${stderr}`).not.toMatch(/starting another/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('replaces a worker killed in service, and goes on answering', async () => {
    const server = await startBuiltServer({ WEB_CONCURRENCY: '2' });
    try {
      const workerPids = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('Listening on'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid);
      const [victim] = workerPids();
      process.kill(victim, 'SIGKILL');
      // The primary says so, and a third worker listens after the back-off.
      while (workerPids().length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.output()).toMatch(new RegExp(`Worker ${victim} exited \\(SIGKILL\\); starting another in 500 ms`));
      expect(server.child.exitCode).toBeNull();
      for (let i = 0; i < 4; i += 1) expect((await get(`${server.origin}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
