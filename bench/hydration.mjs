// The main thread of a first visit on a slow phone (issue 35): each page of the built site is
// loaded in Debian's Chromium with the CPU slowed 4x (Emulation.setCPUThrottlingRate, as
// Lighthouse's mobile preset assumes) and a phone's screen, and its performance trace is read
// from navigation until the page is idle. Per page it prints:
//   - the long tasks (over 50 ms) and their blocking time (the sum of each one's time over 50 ms,
//     Lighthouse's Total Blocking Time without the simulation), median of HYDRATION_RUNS runs (5);
//   - the largest task of the median run and what ran in it (the trace's top-level events);
//   - Chromium's font lookups (count and time, and the time inside long tasks), and the blocking
//     time the long tasks would have without them: on Linux every new font costs the main thread
//     synchronous calls to the browser's font service, a cost of the measuring machine;
//   - from one more run with V8's sampling profiler: where the main thread's time went, by source
//     (each chunk's samples mapped back to its files through the build's source maps), split
//     into the parts issue 35 names (React DOM, react-router, i18next, the app's pages, ...).
// The same figures from the first contentful paint on, clipped as Lighthouse clips them for TBT:
// before it the visitor has nothing to tap. First, Chromium's floor: the same figures for a page
// of one paragraph with no script, the browser's own cost on this machine. A fresh browser for
// every run: no code cache, no HTTP cache. Exits non-zero when, in the median run count, a page
// has a task over HYDRATION_MAX_TASK_MS (120) after its first contentful paint. Traces stay in
// $TMPDIR/oq-hydration for a closer look.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { heading, loadAverage, table } from './lib/format.mjs';
import { LONG_TASK_MS, longTasksOf } from './lib/long-tasks.mjs';
import { startBrowserSite } from './lib/pages.mjs';
import { attribute, samplesOf } from './lib/profile-parts.mjs';
import { CATEGORIES, PROFILE_CATEGORIES, traceLoad } from './lib/trace-load.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.HYDRATION_RUNS ?? '5', 10) || 5);
const SLOWDOWN = Number(process.env.HYDRATION_SLOWDOWN ?? '4') || 4;
const MAX_TASK_MS = Number(process.env.HYDRATION_MAX_TASK_MS ?? '120') || 120;
const DETAIL = process.env.HYDRATION_DETAIL === '1';
const TRACE_DIR = path.join(os.tmpdir(), 'oq-hydration');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The run whose blocking time (from navigation) is the median one. */
const medianRun = (runs) => runs.find((r) => r.blocking === median(runs.map((x) => x.blocking)));

/** One long task's line: when it started, its length, its part after the first paint, what ran in it. */
function taskLine(task) {
  const ran = task.ran.map(([label, ms]) => `${label} ${Math.round(ms)} ms`).join('; ');
  const fonts = task.fontMs >= 1 ? `, font lookups ${Math.round(task.fontMs)} ms` : '';
  const when = task.afterPaintMs === 0 ? 'before the first paint' : `${Math.round(task.afterPaintMs)} ms after the first paint`;
  return `  at ${Math.round(task.startMs)} ms: ${Math.round(task.ms)} ms (${when}${fonts}) — ${ran}`;
}

const FLOOR_PAGE = "(Chromium's floor: one paragraph, no script)";

/**
 * Chromium's floor on this machine: the same measurement of a page with one paragraph and no
 * script or stylesheet, served from loopback. Whatever its tasks cost is the browser's own
 * (committing a navigation, creating the document and its script context, the first paint).
 */
async function measureFloor() {
  const html =
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Floor</title></head><body><p>Один абзац.</p></body></html>';
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/' ? html : '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const floorOrigin = `http://127.0.0.1:${server.address().port}`;
  try {
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`hydration ${floorOrigin}/ (Chromium's floor, run ${run} of ${RUNS}) ...`);
      runs.push(longTasksOf(await traceLoad(`${floorOrigin}/`, CATEGORIES, SLOWDOWN), floorOrigin));
    }
    return { page: FLOOR_PAGE, runs, chosen: medianRun(runs) };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const { site, origin, pages: PAGES } = await startBrowserSite(process.env.HYDRATION_PAGES);
fs.mkdirSync(TRACE_DIR, { recursive: true });
const results = [];
let floor;
try {
  floor = await measureFloor();
  for (const pagePath of PAGES) {
    const url = `${origin}${pagePath}`;
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`hydration ${url} (run ${run} of ${RUNS}) ...`);
      runs.push(longTasksOf(await traceLoad(url, CATEGORIES, SLOWDOWN), origin));
    }
    const chosen = medianRun(runs);
    console.log(`hydration ${url} (profiled run) ...`);
    const events = await traceLoad(url, PROFILE_CATEGORIES, SLOWDOWN);
    fs.writeFileSync(path.join(TRACE_DIR, `${pagePath.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify({ traceEvents: events }));
    const profiled = longTasksOf(events, origin);
    const samples = samplesOf(events, profiled.pid, profiled.tid);
    results.push({
      page: pagePath,
      runs,
      chosen,
      profiled,
      // Each long task of the profiled run with the parts of the app that ran in it.
      profiledTasks: profiled.tasks.map((task) => ({
        ...task,
        parts: attribute(samples, origin, task.ts, task.ts + task.ms * 1000),
        functions: DETAIL ? attribute(samples, origin, task.ts, task.ts + task.ms * 1000, true) : [],
      })),
      parts: attribute(samples, origin, profiled.start),
      functions: DETAIL ? attribute(samples, origin, profiled.start, Infinity, true) : [],
    });
  }
} finally {
  await site.stop();
}

const load = loadAverage();
const lines = [
  heading(
    `Main thread of a first visit at ${SLOWDOWN}x CPU slowdown (median of ${RUNS} runs, a fresh Chromium each; load average at the end ${load})`,
  ),
];
lines.push(
  table(
    [
      'page',
      'long tasks',
      'blocking time',
      'largest task',
      'font lookups (in long tasks)',
      'blocking time without them',
      `tasks over ${MAX_TASK_MS} ms`,
      'blocking time of every run',
    ],
    [floor, ...results].map((r) => {
      const largest = Math.max(0, ...r.chosen.tasks.map((t) => t.ms));
      const inLong = r.chosen.tasks.reduce((sum, t) => sum + t.fontMs, 0);
      return [
        r.page,
        String(r.chosen.tasks.length),
        `${Math.round(r.chosen.blocking)} ms`,
        `${Math.round(largest)} ms`,
        `${r.chosen.fontLookups}: ${Math.round(r.chosen.fontMs)} ms (${Math.round(inLong)} ms)`,
        `${Math.round(r.chosen.blockingWithoutFonts)} ms`,
        String(median(r.runs.map((run) => run.tasks.filter((t) => t.ms > MAX_TASK_MS).length))),
        r.runs.map((run) => Math.round(run.blocking)).join(', '),
      ];
    }),
    ['left'],
  ),
);
// The target's window: from the first contentful paint, where a visitor's tap can first land.
const firstPaintOf = (runs) => {
  const painted = runs.filter((run) => run.fcpMs !== null);
  const missing = runs.length - painted.length;
  const figure = painted.length ? `${Math.round(median(painted.map((run) => run.fcpMs)))} ms` : '-';
  return missing ? `${figure} (none in ${missing} run${missing > 1 ? 's' : ''}: counted from navigation)` : figure;
};
const overAfterPaint = (run) => run.tasks.filter((t) => t.afterPaintMs > MAX_TASK_MS).length;
lines.push(
  `\nFrom the first contentful paint on (Lighthouse's window for TBT; the target: no task over ${MAX_TASK_MS} ms), medians of ${RUNS} runs:`,
);
lines.push(
  table(
    [
      'page',
      'first contentful paint',
      'long tasks',
      'blocking time',
      'largest task (largest of any run)',
      `tasks over ${MAX_TASK_MS} ms`,
      'blocking time of every run',
    ],
    [floor, ...results].map((r) => [
      r.page,
      firstPaintOf(r.runs),
      String(median(r.runs.map((run) => run.tasks.filter((t) => t.afterPaintMs > LONG_TASK_MS).length))),
      `${Math.round(median(r.runs.map((run) => run.blockingAfterPaint)))} ms`,
      `${Math.round(median(r.runs.map((run) => run.largestAfterPaint)))} ms (${Math.round(Math.max(...r.runs.map((run) => run.largestAfterPaint)))} ms)`,
      String(median(r.runs.map(overAfterPaint))),
      r.runs.map((run) => Math.round(run.blockingAfterPaint)).join(', '),
    ]),
    ['left'],
  ),
);
lines.push(`\n${FLOOR_PAGE}: long tasks of the median run`);
for (const task of floor.chosen.tasks) lines.push(taskLine(task));
for (const r of results) {
  lines.push(
    `\n${r.page}: long tasks of the median run (start after navigation, length, what ran in it; first contentful paint ${r.chosen.fcpMs === null ? 'not in the trace' : `at ${Math.round(r.chosen.fcpMs)} ms`})`,
  );
  for (const task of r.chosen.tasks) lines.push(taskLine(task));
  lines.push(`  long tasks of the profiled run (the profiler slows them a little), by what ran in them:`);
  for (const task of r.profiledTasks) {
    const parts = task.parts
      .slice(0, 4)
      .map(([part, ms]) => `${part} ${Math.round(ms)} ms`)
      .join('; ');
    lines.push(`  at ${Math.round(task.startMs)} ms: ${Math.round(task.ms)} ms — ${task.ran[0]?.[0] ?? ''}: ${parts}`);
    for (const [fn, ms] of task.functions.slice(0, 8)) lines.push(`      ${String(Math.round(ms)).padStart(4)} ms ${fn}`);
  }
  const total = r.parts.reduce((sum, [, ms]) => sum + ms, 0);
  lines.push(`  main thread by source, profiled run (${Math.round(total)} ms busy from navigation to idle):`);
  for (const [part, ms] of r.parts.slice(0, 14)) lines.push(`    ${part.padEnd(42)} ${String(Math.round(ms)).padStart(5)} ms`);
  if (DETAIL) lines.push('  by function:');
  for (const [fn, ms] of r.functions.slice(0, 30)) lines.push(`    ${String(Math.round(ms)).padStart(5)} ms ${fn}`);
}
lines.push(`\nTraces of the profiled runs: ${TRACE_DIR}`);
console.log(lines.join('\n'));
const over = results.filter((r) => median(r.runs.map(overAfterPaint)) > 0);
if (over.length) {
  console.error(`\nhydration: a task over ${MAX_TASK_MS} ms after the first contentful paint on ${over.map((r) => r.page).join(', ')}`);
  process.exitCode = 1;
}
