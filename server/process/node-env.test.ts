import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { get, startBuiltServer } from '../testing/built-server';

/**
 * The built server as `npm start` runs it, without NODE_ENV: React's production builds, as the
 * site's own config says; NODE_ENV=development still gives React's development builds.
 */

const REACT_BUILDS =
  /node_modules\/(react|react-dom)\/cjs\/(react|react-jsx-runtime|react-dom|react-dom-server\.node|react-dom-server)\.(production|development)\.js$/;

/** The React files the server process has loaded, after it rendered a page. */
async function reactFilesLoaded(nodeEnv: string | undefined): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-node-env-'));
  const preload = path.join(dir, 'report.cjs');
  const report = path.join(dir, 'loaded.json');
  // Writes the modules loaded so far when asked (SIGUSR2), from inside the server process.
  fs.writeFileSync(
    preload,
    `process.on('SIGUSR2', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const env: Record<string, string> = { NODE_OPTIONS: `--require ${preload}` };
  // startBuiltServer sets production unless told; undefined leaves the variable out of the child's environment.
  (env as Record<string, string | undefined>).NODE_ENV = nodeEnv;
  const server = await startBuiltServer(env);
  try {
    expect((await get(`${server.origin}/en`)).status).toBe(200);
    process.kill(server.child.pid!, 'SIGUSR2');
    while (!fs.existsSync(report)) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const loaded = JSON.parse(fs.readFileSync(report, 'utf8')) as string[];
    return loaded.filter((file) => REACT_BUILDS.test(file.split(path.sep).join('/'))).map((file) => file.split('node_modules/')[1]);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the built server without NODE_ENV', () => {
  it('renders with the production builds of react and react-dom only', async () => {
    const files = await reactFilesLoaded(undefined);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((file) => !file.endsWith('.production.js'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['react/cjs/react.production.js', 'react-dom/cjs/react-dom-server.node.production.js']));
  }, 90_000);

  it('renders with their development builds when NODE_ENV=development', async () => {
    const files = await reactFilesLoaded('development');
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((file) => !file.endsWith('.development.js'))).toEqual([]);
  }, 90_000);
});
