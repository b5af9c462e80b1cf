import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * Test support: real services (redis-server, nginx from Debian's packages) started on loopback
 * ports by a test and stopped after it. `.ci/run` installs them; a developer without them gets
 * the test skipped with a message saying what to install.
 */

export function findProgram(name: string, candidates: string[] = []): string | null {
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not this one
    }
  }
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function missingMessage(program: string, pkg: string): string {
  return `${program} is missing: the test is skipped. Install it once with apt-get install -y ${pkg} (.ci/run does).`;
}

/**
 * `count` different ports nobody listens on right now: all are held open until each is known,
 * so two calls cannot be handed the same port (the system may give a just-closed one again).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  timeoutMs?: number;
  /** Names the process in the errors (`<label> exited: …`, `<label> did not start: …`); the program by default. */
  label?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Starts a program and resolves once its output matches `ready`, or `ready(output)` says so. */
export function startProcess(
  program: string,
  args: string[],
  ready: RegExp | ((output: string) => boolean | Promise<boolean>),
  options: StartOptions = {},
): Promise<ServiceProcess> {
  const { timeoutMs = 15000, label = program, env, cwd } = options;
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env, cwd });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const isReady = typeof ready === 'function' ? () => ready(output) : () => ready.test(output);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${label} did not start: ${output}`));
    }, timeoutMs);
    const check = async () => {
      if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`${label} exited: ${output}`));
      } else if (await isReady()) {
        clearTimeout(timer);
        resolve({ child, output: () => output, stop });
      } else setTimeout(() => void check(), 25);
    };
    void check();
  });
}
