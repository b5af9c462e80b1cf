// The page store (server/site/render/page-cache.ts): pages rendered once per change of their data.
//   1. Steady traffic with no change: renders a minute per page (page_renders_total from the
//      site's metrics) and a stored page's server CPU per request against the same Express serving
//      the page as a static file, in the same run.
//   2. One number held a second (written into the site's store, as another process would) while
//      10 connections read /numbers: renders a second and p99.
// One worker, the built site as `npm start` runs it, on 127.0.0.1. Prints figures; exits non-zero
// only when a request failed, never on speed.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BROWSER_HEADERS, failedRequests } from './lib/cannon.mjs';
import { measureWithCpu } from './lib/cpu-measure.mjs';
import { heading, int, ms, table } from './lib/format.mjs';
import { freePort, sleep, startBaseline, startSite, tempDir } from './lib/processes.mjs';

const duration = Number(process.env.BENCH_DURATION ?? '20');
const warmup = Number(process.env.BENCH_WARMUP ?? '2');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '10');
const ROUTES = ['/', '/numbers', '/news'];

/** page_renders_total by reason and page_cache_requests_total by result, from the metrics port. */
async function counters(metricsOrigin) {
  const text = await (await fetch(`${metricsOrigin}/metrics`)).text();
  const sum = (name) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(name))
      .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
  return { renders: sum('page_renders_total'), hits: sum('page_cache_requests_total{result="hit"}') };
}

const dataDir = tempDir('oq-bench-store-');
const metricsPort = await freePort();
const site = await startSite({ env: { DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } });
const metrics = `http://127.0.0.1:${metricsPort}`;
let failures = 0;

heading(`Steady traffic, no change: ${connections} connections, ${warmup} s warm-up + ${duration} s per page, one worker`);
const steady = [];
for (const route of ROUTES) {
  const before = await counters(metrics);
  const result = await measureWithCpu(site, { path: route, connections, duration, warmup });
  const after = await counters(metrics);
  failures += failedRequests(result);
  steady.push({ route, result, renders: after.renders - before.renders, hits: after.hits - before.hits });
}
// The stored page of `/` as a file, served by the same Express: the floor for a page sent as bytes.
const file = path.join(tempDir('oq-bench-static-'), 'home.html');
fs.writeFileSync(file, await (await fetch(`${site.origin}/`, { headers: BROWSER_HEADERS })).text());
const baseline = await startBaseline('static', { file });
let staticFile;
try {
  staticFile = await measureWithCpu(baseline, { path: '/', connections, duration, warmup });
  failures += failedRequests(staticFile);
} finally {
  await baseline.stop();
}
const cpuPerRequest = (result) => (result.serverCpu / result.rps) * 1000;
console.log(
  table(
    ['page', 'req/s', 'renders (run)', 'renders / min', 'hits', 'server CPU / request', 'vs static file', 'p99'],
    [
      ...steady.map(({ route, result, renders, hits }) => [
        route,
        int(result.rps),
        int(renders),
        (renders / ((duration + warmup) / 60)).toFixed(1),
        int(hits),
        ms(cpuPerRequest(result)),
        `${(cpuPerRequest(result) / cpuPerRequest(staticFile)).toFixed(2)}x`,
        ms(result.p99),
      ]),
      ['static file (same Express)', int(staticFile.rps), '-', '-', '-', ms(cpuPerRequest(staticFile)), '1.00x', ms(staticFile.p99)],
    ],
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  ),
);

heading(`One number held a second while ${connections} connections read /numbers (${duration} s)`);
const store = new Database(path.join(dataDir, 'operator-api.sqlite'));
const free = store
  .prepare("SELECT msisdn FROM numbers WHERE status = 'free' AND held_until IS NULL ORDER BY price, msisdn LIMIT ?")
  .pluck()
  .all(duration + 10);
const hold = store.prepare("UPDATE numbers SET hold_kind = 'reservation', hold_ref = 'bench', held_until = ? WHERE msisdn = ?");
let held = 0;
const holding = setInterval(() => {
  hold.run(Date.now() + 15 * 60_000, free[held % free.length]);
  held += 1;
}, 1000);
const before = await counters(metrics);
const started = Date.now();
let churn;
try {
  churn = await measureWithCpu(site, { path: '/numbers', connections, duration, warmup: 0 });
} finally {
  clearInterval(holding);
}
const seconds = (Date.now() - started) / 1000;
const after = await counters(metrics);
failures += failedRequests(churn);
store.close();
console.log(
  table(
    ['numbers held', 'req/s', 'renders', 'renders / s', 'server CPU / request', 'p50', 'p99'],
    [
      [
        int(held),
        int(churn.rps),
        int(after.renders - before.renders),
        ((after.renders - before.renders) / seconds).toFixed(2),
        ms(cpuPerRequest(churn)),
        ms(churn.p50),
        ms(churn.p99),
      ],
    ],
    ['right', 'right', 'right', 'right', 'right', 'right', 'right'],
  ),
);

await site.stop();
await sleep(100);
if (failures > 0) {
  console.error(`${failures} requests failed`);
  process.exit(1);
}
