// Server-render throughput: first uncached (the page cache off) for seven pages at 10 connections,
// against the same Express serving `/`'s HTML as a static file and rendering `/`'s markup with
// React from plain elements (lib/markup.mjs); then `/`, `/numbers`, `/news` of the built site
// (cache on) under autocannon load on 127.0.0.1, against two baselines measured in the same run
// (the static file; a bare renderToString of a trivial React page), with WEB_CONCURRENCY=1 and =2.
// Prints figures; exits non-zero only when a request failed (errors or non-2xx), never on speed.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_HEADERS, measure } from './lib/cannon.mjs';
import { measureWithCpu as measureCpu } from './lib/cpu-measure.mjs';
import { heading, int, ms, percent, table } from './lib/format.mjs';
import { crashReport, sleep, startBaseline, startSite, tempDir } from './lib/processes.mjs';

const ROUTES = ['/', '/numbers', '/news'];
const TARGET_STATIC_RATIO = 0.35;
const duration = Number(process.env.BENCH_DURATION ?? '10');
const warmup = Number(process.env.BENCH_WARMUP ?? '2');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '50');
const workerCounts = (process.env.BENCH_WORKERS ?? '1,2')
  .split(',')
  .map(Number)
  .filter((n) => n >= 1 && n <= 16);

/** A measurement plus the CPU each server process and this load generator used during it. */
const measureWithCpu = (server, path) => measureCpu(server, { path, connections, duration, warmup });

async function fetchHome(origin) {
  const response = await fetch(`${origin}/`, { headers: BROWSER_HEADERS });
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  return response.text();
}

async function runConfig(workers, staticFile) {
  console.log(
    `\n-- WEB_CONCURRENCY=${workers}: baselines with ${workers} process(es), then the site (${warmup} s warm-up + ${duration} s each, ${connections} connections)`,
  );
  const rows = [];
  for (const mode of ['static', 'react']) {
    const baseline = await startBaseline(mode, { workers, file: staticFile });
    try {
      rows.push({
        name: mode === 'static' ? 'baseline: static file' : 'baseline: bare renderToString',
        ...(await measureWithCpu(baseline, '/')),
      });
      console.log(`   ${rows.at(-1).name}: ${int(rows.at(-1).rps)} req/s`);
    } finally {
      await baseline.stop();
    }
  }
  let site = await startSite({ workers });
  const workerUse = [];
  const crashes = [];
  try {
    for (const route of ROUTES) {
      const outputBefore = site.output().length;
      const result = await measureWithCpu(site, route);
      // Requests cut off when the load stops are still settling: let their consequences land here.
      await sleep(1000);
      // A server that crashed (or lost workers) under load is a finding, not a figure.
      const report = crashReport(site.output().slice(outputBefore));
      const died = site.exited();
      if (died || report)
        crashes.push(
          `${route}: ${died ? `the server exited (${died.signal ?? died.code})` : 'the server survived'}${report ? `; ${report}` : ''}`,
        );
      rows.push({ name: died || report ? `${route} (crashed)` : route, ...result });
      workerUse.push({ route, perProcess: result.perProcess });
      console.log(`   ${route}: ${int(result.rps)} req/s${died ? ' — the server died' : ''}`);
      if (died) {
        await site.stop();
        site = await startSite({ workers });
      }
    }
  } finally {
    await site.stop();
  }
  return { workers, rows, workerUse, crashes };
}

function report({ workers, rows, workerUse, crashes }) {
  const [staticRow, reactRow] = rows;
  const lines = [heading(`SSR throughput, WEB_CONCURRENCY=${workers} (${connections} connections, ${duration} s)`)];
  lines.push(
    table(
      ['route', 'req/s', 'vs static', 'vs renderToString', 'p50', 'p99', 'errors', 'non-2xx', 'kB/resp', 'server CPU', 'bench CPU'],
      rows.map((row) => [
        row.name,
        int(row.rps),
        percent(row.rps / staticRow.rps),
        percent(row.rps / reactRow.rps),
        ms(row.p50),
        ms(row.p99),
        row.errors,
        row.non2xx,
        (row.bytesPerRequest / 1000).toFixed(1),
        percent(row.serverCpu),
        percent(row.clientCpu),
      ]),
      ['left'],
    ),
  );
  // Cluster check: with WEB_CONCURRENCY=2 both workers should carry the load.
  if (workers > 1) {
    for (const { route, perProcess } of workerUse) {
      const shares = perProcess.map((p) => `${p.pid}: ${percent(p.share)}`).join(', ');
      lines.push(`CPU per process during ${route} (primary first): ${shares}`);
    }
    // Judged relative to each other: on a machine busy with other work no worker gets a full core.
    const shares = workerUse[0].perProcess.slice(1).map((p) => p.share);
    const busiest = Math.max(...shares);
    const spread = shares.length >= workers && shares.every((share) => share >= busiest / 2 && share > 0.05);
    lines.push(
      spread
        ? `cluster: the load spreads over all ${workers} workers (${shares.map(percent).join(', ')} of a core each during /)`
        : `cluster: the load does NOT spread over the workers (${shares.map(percent).join(', ') || 'no worker found'} during /)`,
    );
  }
  const home = rows[2];
  const ratio = home.rps / staticRow.rps;
  lines.push(
    `target: / at >= ${percent(TARGET_STATIC_RATIO)} of static: ${percent(ratio)} ${ratio >= TARGET_STATIC_RATIO ? 'MET' : 'MISSED'}`,
  );
  for (const crash of crashes) lines.push(`CRASH ${crash}`);
  return { text: lines.join('\n'), failed: crashes.length > 0 || rows.some((row) => row.errors > 0 || row.non2xx > 0) };
}

/**
 * The render itself, the page cache off (PAGE_CACHE_SECONDS=0): what most real traffic costs, since
 * every search and every tracked link is a URL of its own. One worker, 10 connections, each page
 * as a share of the same Express serving the same HTML as a static file, measured in this run.
 */
const UNCACHED_CONNECTIONS = Number(process.env.BENCH_UNCACHED_CONNECTIONS ?? '10');
const UNCACHED_TARGET_HOME = 0.25;
const UNCACHED_TARGET_PAGE = 0.2;
const UNCACHED_TARGET_P99_MS = 100;

async function firstNewsSlug(origin) {
  const response = await fetch(`${origin}/api/v1/news?pageSize=1`);
  return (await response.json()).items[0].slug;
}

async function runUncached(staticFile) {
  console.log(
    `\n-- uncached: PAGE_CACHE_SECONDS=0, WEB_CONCURRENCY=1, ${UNCACHED_CONNECTIONS} connections (${warmup} s warm-up + ${duration} s each)`,
  );
  const rows = [];
  // Static: the same Express sending `/` as a file. Markup: React rendering `/`'s body afresh on
  // every request from plain elements (lib/markup.mjs), streamed: React's own cost for the page,
  // without the site's components, translations, router, data or API calls.
  for (const [mode, name] of [
    ['static', 'baseline: static file'],
    ['markup', "baseline: React, /'s markup as plain elements"],
  ]) {
    const baseline = await startBaseline(mode, { workers: 1, file: staticFile });
    try {
      rows.push({ name, ...(await measure(baseline.origin, { path: '/', connections: UNCACHED_CONNECTIONS, duration, warmup })) });
      console.log(`   ${mode}: ${int(rows.at(-1).rps)} req/s`);
    } finally {
      await baseline.stop();
    }
  }
  const site = await startSite({ workers: 1, env: { PAGE_CACHE_SECONDS: '0' } });
  try {
    const routes = [
      '/',
      '/numbers',
      '/numbers?category=gold&sort=price_desc',
      '/news',
      `/news/${await firstNewsSlug(site.origin)}`,
      '/constructor',
      '/specificTariffs',
    ];
    for (const route of routes) {
      rows.push({ name: route, ...(await measure(site.origin, { path: route, connections: UNCACHED_CONNECTIONS, duration, warmup })) });
      console.log(`   ${route}: ${int(rows.at(-1).rps)} req/s`);
    }
  } finally {
    await site.stop();
  }
  const [staticRow, , ...pages] = rows;
  const lines = [heading(`Uncached render (PAGE_CACHE_SECONDS=0, 1 worker, ${UNCACHED_CONNECTIONS} connections, ${duration} s)`)];
  lines.push(
    table(
      ['page', 'req/s', 'share of static', 'p50', 'p99', 'errors', 'non-2xx', 'kB/resp'],
      rows.map((row) => [
        row.name,
        int(row.rps),
        percent(row.rps / staticRow.rps),
        ms(row.p50),
        ms(row.p99),
        row.errors,
        row.non2xx,
        (row.bytesPerRequest / 1000).toFixed(1),
      ]),
      ['left'],
    ),
  );
  const missed = pages.filter(
    (row) =>
      row.rps / staticRow.rps < (row.name === '/' ? UNCACHED_TARGET_HOME : UNCACHED_TARGET_PAGE) || row.p99 >= UNCACHED_TARGET_P99_MS,
  );
  lines.push(
    `target: / at >= ${percent(UNCACHED_TARGET_HOME)} of static, every page at >= ${percent(UNCACHED_TARGET_PAGE)}, p99 < ${UNCACHED_TARGET_P99_MS} ms: ${
      missed.length === 0 ? 'MET' : `MISSED by ${missed.map((row) => row.name).join(', ')}`
    }`,
  );
  return { text: lines.join('\n'), failed: rows.some((row) => row.errors > 0 || row.non2xx > 0) };
}

const started = Date.now();
const dir = tempDir('oq-bench-static-');
const staticFile = path.join(dir, 'index.html');
{
  // The static baseline serves exactly the bytes the site renders for `/`.
  const site = await startSite({ workers: 1 });
  try {
    fs.writeFileSync(staticFile, await fetchHome(site.origin));
  } finally {
    await site.stop();
  }
}
let failed = false;
const texts = [];
{
  const outcome = await runUncached(staticFile);
  texts.push(outcome.text);
  failed ||= outcome.failed;
}
// BENCH_UNCACHED_ONLY=1: only the uncached table (about a minute and a half).
for (const workers of process.env.BENCH_UNCACHED_ONLY === '1' ? [] : workerCounts) {
  const outcome = report(await runConfig(workers, staticFile));
  texts.push(outcome.text);
  failed ||= outcome.failed;
  await sleep(500);
}
console.log(texts.join('\n'));
console.log(`\nbench:ssr took ${((Date.now() - started) / 1000).toFixed(0)} s; figures vary by a few per cent between runs.`);
if (failed) {
  console.error('bench:ssr: some requests failed (errors, non-2xx or a crashed server): see above.');
  process.exitCode = 1;
}
