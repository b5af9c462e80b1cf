// `npm run bench`: the bundle sizes, the server-render throughput and the load test, one after the
// other (each as its own process, so one's servers never overlap another's measurement).
// Exits non-zero when any of them does. Lighthouse is separate: `npm run lighthouse`.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './lib/format.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const steps = ['bundle.mjs', 'ssr.mjs', 'load.mjs'];
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
console.log(`bench on ${machine}; load average ${loadAverage()} (other work on the machine lowers the figures)`);
const outcomes = [];
for (const step of steps) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(here, step)], { stdio: 'inherit' });
    current.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  outcomes.push({ step, code, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log(
  `\nbench summary (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average now ${os.loadavg()[0].toFixed(2)}):`,
);
for (const { step, code, seconds } of outcomes)
  console.log(`  ${step.padEnd(11)} ${code === 0 ? 'ok' : `FAILED (exit ${code})`}  ${seconds} s`);
if (outcomes.some((o) => o.code !== 0)) process.exitCode = 1;
