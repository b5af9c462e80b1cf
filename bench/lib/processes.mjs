// Child processes of a benchmark: the built site and the baseline servers, always on 127.0.0.1
// with a free port, always killed when the benchmark ends (normally, on error or on Ctrl-C).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');

const children = new Set();
const tempDirs = new Set();

function killAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    // Cluster workers first: they must not outlive their primary.
    for (const pid of processTree(child.pid).reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  children.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.on('uncaughtException', (error) => {
  console.error(error);
  killAll();
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  killAll();
  process.exit(1);
});

export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/**
 * A clean environment: analytics and an external API are never inherited, so the site makes no
 * request off this machine. The build lives outside the repository when DIST_DIR is set, so its
 * bundled server finds the repository's packages through NODE_PATH.
 */
function childEnv(extra) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(FIREBASE_|GTM_ID|METRIKA_ID|API_BASE_URL|PUBLIC_SITE_URL|TRUST_PROXY|WEB_CONCURRENCY|PORT|HOST)/.test(key)) delete env[key];
  }
  return { ...env, NODE_PATH: path.join(ROOT, 'node_modules'), ...extra };
}

/** Spawns a server that prints `Listening on http://127.0.0.1:<port>` and waits for that line. */
async function startListening(label, args, env, timeoutMs = 20000) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  const collect = (chunk) => {
    // Keep only the tail: a long run must not grow this string without bound.
    output = (output + chunk).slice(-500_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitInfo = null;
  child.once('exit', (code, signal) => {
    exitInfo = { code, signal };
  });
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
  return {
    label,
    origin,
    pid: child.pid,
    output: () => output,
    /** null while running; how it ended otherwise (a crash under load shows here). */
    exited: () => exitInfo,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const tree = processTree(child.pid);
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const pid of tree.reverse()) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A port free on 127.0.0.1 right now, for a server that must know its own origin before it starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built site as production runs it: `node $DIST_DIR/server/index.cjs`, on a fresh store.
 * `gcOnSignal` preloads lib/gc-on-signal.cjs into it and its workers (see collectGarbage);
 * `startTimeoutMs` allows for a long first start (seeding a large DEMO_NUMBERS catalogue);
 * `distDir` runs another build than DIST_DIR (bench/cpu.mjs compares two).
 */
export async function startSite({ workers = 1, env = {}, gcOnSignal = false, startTimeoutMs, distDir = DIST_DIR } = {}) {
  const entry = path.join(distDir, 'server', 'index.cjs');
  if (!fs.existsSync(entry)) throw new Error(`No build at ${distDir}: run "node build.mjs" first (with the same DIST_DIR).`);
  const dataDir = tempDir('oq-bench-data-');
  return startListening(
    `site (WEB_CONCURRENCY=${workers})`,
    [entry],
    childEnv({
      // A fixed port, not 0: a cluster whose workers all died would come back on another port.
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
      WEB_CONCURRENCY: String(workers),
      ...(gcOnSignal
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'bench', 'lib', 'gc-on-signal.cjs')}`.trim() }
        : {}),
      ...env,
    }),
    startTimeoutMs,
  );
}

/** A baseline server (bench/baseline-server.mjs): `static` serves a file, `react` a bare renderToString. */
export async function startBaseline(mode, { workers = 1, file } = {}) {
  const script = path.join(ROOT, 'bench', 'baseline-server.mjs');
  return startListening(
    `baseline ${mode} (${workers} process${workers > 1 ? 'es' : ''})`,
    [script],
    childEnv({ BASELINE_MODE: mode, BASELINE_FILE: file ?? '', BASELINE_WORKERS: String(workers), NODE_ENV: 'production' }),
  );
}

/** The process and its descendants (cluster workers), from /proc. */
export function processTree(rootPid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may itself contain spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length && i < 64; i += 1) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** A full GC in every process of a site started with `gcOnSignal`, then a moment to return the pages. */
export async function collectGarbage(rootPid) {
  for (const pid of processTree(rootPid)) {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // Gone.
    }
  }
  await sleep(1000);
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; null when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS). */
export function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a server printed about its own failure: the last uncaught error (its first lines) and how
 * many cluster workers died and were replaced. Empty when there is nothing of the kind.
 */
export function crashReport(output) {
  const restarts = (output.match(/Worker \d+ exited/g) ?? []).length;
  const lines = output.split('\n');
  let start = -1;
  for (let i = lines.length - 1; i >= 0 && start < 0; i -= 1) {
    if (/^(node:internal|Uncaught|\S*Error\b|<ref \*\d+> \S*Error)/.test(lines[i]) && !lines[i].startsWith('{')) start = i;
  }
  const parts = [];
  if (restarts) parts.push(`${restarts} cluster worker(s) died and were replaced`);
  if (start >= 0) {
    // Back up to the first line of this error block (the source excerpt Node prints above it).
    while (start > 0 && !lines[start - 1].startsWith('{') && lines[start - 1].trim() !== '') start -= 1;
    const excerpt = lines
      .slice(start)
      .filter((line) => (/^\S/.test(line) && !/^[{}]/.test(line)) || /^\s+at /.test(line))
      .slice(0, 14);
    parts.push(`last uncaught error:\n    ${excerpt.join('\n    ')}`);
  }
  return parts.join('; ');
}

/**
 * Waits until the server's processes use under 5 % of a core over a second (a backlog of
 * requests cut off by the load generator is done), at most `maxMs`. Returns the time waited.
 */
export async function waitForIdle(rootPid, maxMs = 30000) {
  const started = Date.now();
  const total = () => processTree(rootPid).reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  let last = total();
  while (Date.now() - started < maxMs) {
    await sleep(1000);
    const now = total();
    if (now - last < 0.05) break;
    last = now;
  }
  return Date.now() - started;
}
