// The in-memory copy of the numbers for sale (server/api/numbers/sale-copy.ts) at a start on a
// large store: a small request (/healthz) every 20 ms from the moment the site listens, and the
// first digit search that needs the copy (a wish for seven digits: its near matches) SEARCH_AT
// seconds in. Prints the longest and p99 wait of the small requests before the search and beside
// it, and the search's own time. The store is seeded once (DEMO_NUMBERS) and each build starts on
// it: the build in DIST_DIR, and first the one in BENCH_COPY_BASE_DIST when given (a before).
// Also the time from the process's start to its listening on the seeded store.
import path from 'node:path';
import { heading, loadAverage, ms, table } from './lib/format.mjs';
import { DIST_DIR, sleep, startSite, tempDir } from './lib/processes.mjs';

const NUMBERS = Number(process.env.BENCH_COPY_NUMBERS ?? '1000000');
const SEARCH_AT = Number(process.env.BENCH_COPY_SEARCH_AT ?? '12');
const AFTER = Number(process.env.BENCH_COPY_AFTER ?? '4');
const PROBE_EVERY_MS = 20;
const SEARCH = '/api/v1/numbers?contains=1234567&pageSize=20';
const builds = [process.env.BENCH_COPY_BASE_DIST, DIST_DIR].filter(Boolean).map((dir) => path.resolve(dir));

const dataDir = tempDir('oq-bench-copy-');
const env = { DATA_DIR: dataDir, DEMO_NUMBERS: String(NUMBERS), PAGE_CACHE_SECONDS: '0' };

console.log(`Seeding ${NUMBERS.toLocaleString('en-US')} numbers once (${loadAverage()})…`);
const seeding = await startSite({ env, startTimeoutMs: 10 * 60_000, distDir: builds[builds.length - 1] });
await seeding.stop();

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function timed(url) {
  const started = performance.now();
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function run(distDir) {
  const spawned = performance.now();
  const site = await startSite({ env, startTimeoutMs: 10 * 60_000, distDir });
  const started = performance.now();
  const listening = started - spawned;
  const before = [];
  const beside = [];
  let searching = false;
  let stop = false;
  const probes = (async () => {
    while (!stop) {
      const wait = await timed(`${site.origin}/healthz`);
      (searching ? beside : before).push(wait);
      await sleep(PROBE_EVERY_MS);
    }
  })();
  try {
    await sleep(Math.max(0, SEARCH_AT * 1000 - (performance.now() - started)));
    searching = true;
    const search = await timed(`${site.origin}${SEARCH}`);
    await sleep(AFTER * 1000);
    stop = true;
    await probes;
    return { build: path.basename(distDir), listening, before, beside, search };
  } finally {
    stop = true;
    await site.stop();
  }
}

const rows = [];
for (const distDir of builds) rows.push(await run(distDir));

console.log(
  heading(
    `A start on ${NUMBERS.toLocaleString('en-US')} numbers: /healthz every ${PROBE_EVERY_MS} ms, the first digit search at ${SEARCH_AT} s (${loadAverage()})`,
  ),
);
console.log(
  table(
    ['build', 'start to listening', '/healthz before the search: longest', 'p99', 'beside the search and after: longest', 'the search'],
    rows.map((r) => [
      r.build,
      ms(r.listening),
      ms(Math.max(...r.before)),
      ms(percentile(r.before, 99)),
      ms(Math.max(...r.beside)),
      ms(r.search),
    ]),
  ),
);
