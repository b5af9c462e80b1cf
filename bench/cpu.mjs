// The server's CPU time per request of uncached pages (PAGE_CACHE_SECONDS=0, one worker, 10
// connections), for this build and, with BENCH_CPU_BASE=<another build's DIST_DIR>, for that one
// too, the two alternated round by round. On a shared machine req/s moves by a third between runs
// of the same build; the CPU a request costs the server moves much less, and alternating the two
// builds spreads what the machine does over both. The figure to judge a change of the render by.
// Prints figures; exits non-zero only when a request failed, never on speed.
import path from 'node:path';
import { measure } from './lib/cannon.mjs';
import { heading, percent, table } from './lib/format.mjs';
import { cpuSeconds, DIST_DIR, processTree, startSite } from './lib/processes.mjs';

const pages = (process.env.BENCH_CPU_PAGES ?? '/,/numbers,/news,/constructor').split(',').filter(Boolean);
const rounds = Math.max(1, Number(process.env.BENCH_CPU_ROUNDS ?? '3'));
const duration = Number(process.env.BENCH_DURATION ?? '8');
// Longer than the other benches' warm-up: V8 is still optimizing the render (on threads of its own,
// which count here) for the first thousand requests or so.
const warmup = Number(process.env.BENCH_WARMUP ?? '5');
const CONNECTIONS = 10;
const builds = [{ name: 'this build', distDir: DIST_DIR }];
if (process.env.BENCH_CPU_BASE) builds.push({ name: 'base', distDir: path.resolve(process.env.BENCH_CPU_BASE) });

const treeCpu = (pids) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

/** Milliseconds of CPU (user + system, every thread and process of the server) per request of each page. */
async function measureBuild(build) {
  const site = await startSite({ distDir: build.distDir, env: { PAGE_CACHE_SECONDS: '0' } });
  const perPage = {};
  let failed = false;
  try {
    for (const page of pages) {
      if (warmup > 0) await measure(site.origin, { path: page, connections: CONNECTIONS, duration: warmup, warmup: 0 });
      const pids = processTree(site.pid);
      const before = treeCpu(pids);
      const result = await measure(site.origin, { path: page, connections: CONNECTIONS, duration, warmup: 0 });
      const used = treeCpu(pids) - before;
      failed ||= result.errors > 0 || result.non2xx > 0;
      perPage[page] = result.total > 0 ? (used * 1000) / result.total : NaN;
    }
  } finally {
    await site.stop();
  }
  return { perPage, failed };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const started = Date.now();
const figures = builds.map(() => Object.fromEntries(pages.map((page) => [page, []])));
let failed = false;
for (let round = 0; round < rounds; round += 1) {
  // Alternate which build goes first, so neither always meets the machine in the same state.
  const order = round % 2 === 0 ? builds.map((_, index) => index) : builds.map((_, index) => index).reverse();
  for (const index of order) {
    console.log(`   round ${round + 1} of ${rounds}: ${builds[index].name} (${builds[index].distDir})`);
    const outcome = await measureBuild(builds[index]);
    failed ||= outcome.failed;
    for (const page of pages) figures[index][page].push(outcome.perPage[page]);
  }
}

const ms = (value) => `${value.toFixed(2)} ms`;
const headers = ['page', ...builds.map((build) => `${build.name}: median (rounds)`)];
if (builds.length === 2) headers.push('change');
const rows = pages.map((page) => {
  const cells = builds.map(
    (_, index) => `${ms(median(figures[index][page]))} (${figures[index][page].map((value) => value.toFixed(2)).join(', ')})`,
  );
  if (builds.length === 2) {
    const change = median(figures[0][page]) / median(figures[1][page]) - 1;
    cells.push(`${change > 0 ? '+' : ''}${percent(change)}`);
  }
  return [page, ...cells];
});
console.log(
  heading(
    `Server CPU per request, uncached (PAGE_CACHE_SECONDS=0, 1 worker, ${CONNECTIONS} connections, ${warmup} s warm-up + ${duration} s per page, ${rounds} rounds)`,
  ),
);
console.log(table(headers, rows, ['left']));
console.log(`\nbench:cpu took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failed) {
  console.error('bench:cpu: some requests failed (errors or non-2xx): see the server output above.');
  process.exitCode = 1;
}
