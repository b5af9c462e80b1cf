// Number search at catalogue sizes: each size is seeded into a fresh store (DEMO_NUMBERS, in a
// temp DATA_DIR deleted afterwards), then every search of the issue is measured with autocannon
// at a few connections, one worker, the page cache off. Prints figures; exits non-zero only when
// a request failed or the server crashed, never on speed.
import { failedRequests, measure, BROWSER_HEADERS } from './lib/cannon.mjs';
import { heading, int, loadAverage, ms, table } from './lib/format.mjs';
import { crashReport, startSite } from './lib/processes.mjs';
import { benchWatches } from './watches.mjs';
import { benchDeepPages } from './deep-pages.mjs';

const sizes = (process.env.BENCH_SEARCH_SIZES ?? '2400,10000,100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n >= 1);
const duration = Number(process.env.BENCH_DURATION ?? '5');
const warmup = Number(process.env.BENCH_WARMUP ?? '2');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '4');
/** The page store off (0, every page rendered) unless BENCH_PAGE_CACHE_SECONDS says how long it keeps a page. */
const pageCacheSeconds = process.env.BENCH_PAGE_CACHE_SECONDS ?? '0';

const API_JSON = { accept: 'application/json' };
const REQUESTS = [
  ['GET /api/v1/numbers?pageSize=20', '/api/v1/numbers?pageSize=20', API_JSON],
  ['?category=gold', '/api/v1/numbers?category=gold&pageSize=20', API_JSON],
  ['?contains=77', '/api/v1/numbers?contains=77&pageSize=20', API_JSON],
  ['?contains=1234', '/api/v1/numbers?contains=1234&pageSize=20', API_JSON],
  ['?endsWith=00', '/api/v1/numbers?endsWith=00&pageSize=20', API_JSON],
  ['?mask=XXX-YY-YY', '/api/v1/numbers?mask=XXX-YY-YY&pageSize=20', API_JSON],
  ['?pattern=mirror', '/api/v1/numbers?pattern=mirror&pageSize=20', API_JSON],
  ['?sort=price_desc&page=50', '/api/v1/numbers?sort=price_desc&page=50&pageSize=20', API_JSON],
  ['GET /api/v1/numbers/categories', '/api/v1/numbers/categories', API_JSON],
  ['page /numbers?mask=XXX-YY-YY', '/numbers?mask=XXX-YY-YY', BROWSER_HEADERS],
  // A new wish on every request, so the answer cache never serves it: each is searched afresh.
  ['near: ?endsWith=<random 7 digits>', () => `/api/v1/numbers?endsWith=${randomDigits(7)}&pageSize=20`, API_JSON],
  ['near: ?contains=<random 6 digits>', () => `/api/v1/numbers?contains=${randomDigits(6)}&pageSize=20`, API_JSON],
  ['near: ?mask=<random 5 digits>-X-_', () => `/api/v1/numbers?mask=${randomDigits(5)}X_&pageSize=20`, API_JSON],
  ['date: ?date=<random date>', () => `/api/v1/numbers?date=${randomDate()}&pageSize=20`, API_JSON],
];

function randomDigits(length) {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
}

function randomDate() {
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(1 + Math.floor(Math.random() * 28))}.${pad(1 + Math.floor(Math.random() * 12))}.${1950 + Math.floor(Math.random() * 70)}`;
}

/** BENCH_SEARCH_ONLY: a regular expression; only the searches whose label matches it are measured. */
const only = process.env.BENCH_SEARCH_ONLY ? new RegExp(process.env.BENCH_SEARCH_ONLY) : null;
/** The deep-page row (bench/deep-pages.mjs) runs on the stores of this many numbers or more. */
const DEEP_LABEL = 'deep pages beside /';
const deepFrom = Number(process.env.BENCH_DEEP_FROM ?? '1000000');
const deepRuns = [];

async function runSize(size) {
  const started = performance.now();
  // A million numbers take tens of seconds to seed on a shared machine: the start may take minutes.
  // BENCH_DATA_DIR: a store seeded once, used by every run (two builds alternated); by default a fresh one.
  const store = process.env.BENCH_DATA_DIR ? { DATA_DIR: `${process.env.BENCH_DATA_DIR}-${size}` } : {};
  const env = { DEMO_NUMBERS: String(size), PAGE_CACHE_SECONDS: pageCacheSeconds, ...store };
  const site = await startSite({ env, startTimeoutMs: 10 * 60_000 });
  const startSeconds = (performance.now() - started) / 1000;
  const seeded = /seeded demo data \(([\d,]+) numbers\)[^"]* in ([\d.]+) s/.exec(site.output());
  const results = [];
  let failed = false;
  try {
    for (const [label, path, headers] of REQUESTS) {
      if (only && !only.test(label)) continue;
      const target =
        typeof path === 'function' ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }] } : { path };
      const r = await measure(site.origin, { ...target, headers, connections, duration, warmup });
      const bad = failedRequests(r);
      if (bad > 0) failed = true;
      results.push({ label, ...r, bad });
      console.log(
        `  ${size.toLocaleString('en-US')} numbers  ${label}: ${int(r.rps)} req/s, p99 ${ms(r.p99)}${bad ? `, ${bad} failed` : ''}`,
      );
    }
    if (size >= deepFrom && (!only || only.test(DEEP_LABEL))) {
      const d = await benchDeepPages(site.origin);
      const bad = [d.idle, ...d.loads.flatMap((l) => [l.home, l.load])].reduce((sum, r) => sum + failedRequests(r), 0);
      if (bad > 0) failed = true;
      deepRuns.push({ size, ...d, bad });
      const besides = d.loads.map((l) => `${ms(l.home.p99)} beside ${l.label} (${int(l.load.rps)} req/s, p99 ${ms(l.load.p99)})`);
      console.log(
        `  ${size.toLocaleString('en-US')} numbers  ${DEEP_LABEL}: / p99 ${ms(d.idle.p99)} idle, ${besides.join(', ')}${bad ? `, ${bad} failed` : ''}`,
      );
    }
    if (site.exited()) {
      console.error(crashReport(site.output()));
      failed = true;
    }
  } finally {
    await site.stop();
  }
  return {
    size,
    results,
    failed,
    seed: seeded ? `${seeded[1]} numbers in ${seeded[2]} s` : `start ${startSeconds.toFixed(1)} s`,
    startSeconds,
  };
}

console.log(
  heading(
    `Number search: ${connections} connections, ${warmup} s warm-up + ${duration} s per request, WEB_CONCURRENCY=1, PAGE_CACHE_SECONDS=${pageCacheSeconds}`,
  ),
);
console.log(`load average before: ${loadAverage()}`);
const runs = [];
const searching = [...REQUESTS.map(([label]) => label), DEEP_LABEL].some((label) => !only || only.test(label));
if (searching) for (const size of sizes) runs.push(await runSize(size));
if (searching) {
  console.log(`load average after: ${loadAverage()}\n`);
  console.log(table(['seeded', ...runs.map((r) => int(r.size))], [['seeding (log)', ...runs.map((r) => r.seed)]], ['left']));
  console.log('');
  console.log(
    table(
      ['request', ...runs.map((r) => `${int(r.size)} numbers`)],
      REQUESTS.filter(([label]) => !only || only.test(label)).map(([label], i) => [
        label,
        ...runs.map(
          (r) => `${int(r.results[i].rps)}, p99 ${ms(r.results[i].p99)}${r.results[i].bad ? ` (${r.results[i].bad} failed)` : ''}`,
        ),
      ]),
      ['left'],
    ),
  );
}
if (deepRuns.length > 0) {
  const d0 = deepRuns[0];
  console.log('');
  console.log(
    heading(
      `Searches beside /: ${d0.clients} clients for ${d0.duration + 10} s on each load (random page size 1-100; one of seven filters, or contains of two digits); / at ${d0.homeConnections} connections for ${d0.duration} s idle, then beside each`,
    ),
  );
  console.log(
    table(
      ['numbers', 'clients ask for', '/ p99', 'ratio to idle (target ≤ 2)', '/ req/s', 'their req/s', 'their p50 / p99', 'failed'],
      deepRuns.flatMap((r) => [
        [int(r.size), 'nothing (idle)', ms(r.idle.p99), '1.00', int(r.idle.rps), '', '', ''],
        ...r.loads.map(({ label, ...run }) => [
          '',
          label,
          ms(run.home.p99),
          (run.home.p99 / r.idle.p99).toFixed(2),
          int(run.home.rps),
          int(run.load.rps),
          `${ms(run.load.p50)} / ${ms(run.load.p99)}`,
          int(r.bad),
        ]),
      ]),
      ['left', 'left'],
    ),
  );
}
// Watch matching (bench/watches.mjs): one freed number against 100,000 standing watches, in process.
if (!only || only.test('watch')) {
  console.log('');
  console.log(heading('Watch matching: one freed number against the standing watches (bench/watches.mjs)'));
  console.log(table(['figure', 'value'], (await benchWatches()).rows, ['left', 'right']));
}
if (runs.some((r) => r.failed)) process.exit(1);
