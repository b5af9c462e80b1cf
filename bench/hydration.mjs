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
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { heading, loadAverage, table } from './lib/format.mjs';
import { startBrowserSite } from './lib/pages.mjs';
import { DIST_DIR } from './lib/processes.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number.parseInt(process.env.HYDRATION_RUNS ?? '5', 10) || 5);
const SLOWDOWN = Number(process.env.HYDRATION_SLOWDOWN ?? '4') || 4;
const MAX_TASK_MS = Number(process.env.HYDRATION_MAX_TASK_MS ?? '120') || 120;
// After the load event, the page is idle once this long has passed without a task of 50 ms.
const QUIET_MS = 3000;
const LONG_TASK_MS = 50;
const DETAIL = process.env.HYDRATION_DETAIL === '1';
const TRACE_DIR = path.join(os.tmpdir(), 'oq-hydration');
// `fonts`: Chromium's font lookups (FontCache::GetFontPlatformData and the font service's calls in it).
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'fonts',
];
const PROFILE_CATEGORIES = [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler'];

/** A phone's screen, as Lighthouse's mobile preset (Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

function languageOf(pagePath) {
  const prefix = /^\/(en|uz-cyrl|uz)(\/|$)/.exec(pagePath)?.[1];
  return { en: 'en-GB', uz: 'uz-UZ', 'uz-cyrl': 'uz-Cyrl-UZ' }[prefix] ?? 'ru-RU';
}

/** Loads one page in a fresh Chromium and returns its trace events. */
async function traceLoad(url, categories) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ ...PHONE, locale: languageOf(new URL(url).pathname) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: 'load' });
    // Idle: QUIET_MS without a long task (observed in the page itself), 30 s at most.
    await page.evaluate(
      ({ quietMs, longMs }) =>
        new Promise((resolve) => {
          let timer = setTimeout(resolve, quietMs);
          new PerformanceObserver((list) => {
            if (list.getEntries().some((entry) => entry.duration > longMs)) {
              clearTimeout(timer);
              timer = setTimeout(resolve, quietMs);
            }
          }).observe({ type: 'longtask' });
          setTimeout(resolve, 30000);
        }),
      { quietMs: QUIET_MS, longMs: LONG_TASK_MS },
    );
    const buffer = await browser.stopTracing();
    return JSON.parse(buffer.toString('utf8')).traceEvents;
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread that loaded `url`: the CrRendererMain with the most events naming the site. */
function mainThreadOf(events, origin) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) !== 'CrRendererMain') continue;
    const url = e.args?.data?.url ?? e.args?.data?.documentLoaderURL ?? '';
    if (url.startsWith(origin)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error('no renderer main thread loaded the page');
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid, tid };
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** A short name for what a trace event ran: the chunk's file name, the function, the event type. */
function labelOf(e, origin) {
  const data = e.args?.data ?? {};
  const file = (url) =>
    url
      ? url
          .replace(origin, '')
          .replace(/^\/assets\/(chunks\/)?/, '')
          .replace(/-[A-Z0-9]{8}\.js$/, '.js')
      : '';
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${e.name} ${file(data.url ?? e.args?.fileName)}`.trim();
    case 'FunctionCall':
      return `FunctionCall ${file(data.url)}${data.functionName ? ` ${data.functionName}` : ''}`;
    case 'EventDispatch':
      return `EventDispatch ${data.type ?? ''}`.trim();
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
    default:
      return e.name;
  }
}

/**
 * The long tasks of the page's main thread from its navigation on, each with its direct
 * children (what ran in it), and the blocking time.
 */
function longTasksOf(events, origin) {
  const { pid, tid } = mainThreadOf(events, origin);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number');
  const navigationStarts = events.filter(
    (e) => e.pid === pid && e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
  );
  const start = navigationStarts[0]?.ts ?? Math.min(...own.map((e) => e.ts));
  // The first contentful paint of the page's navigation: from then on the visitor sees something
  // to tap. A run whose trace has none (rare) counts every task, as from navigation.
  const navigations = new Set(navigationStarts.map((e) => e.args.data.navigationId));
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint' && navigations.has(e.args?.data?.navigationId));
  const paintTs = fcp?.ts ?? start;
  own.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Top-level tasks only: a task inside another (both trace names of one task) counts once.
  const tasks = [];
  for (const e of own) {
    if (!TASK_NAMES.has(e.name) || e.ts < start) continue;
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ts + last.dur) continue;
    tasks.push(e);
  }
  const long = tasks.filter((task) => task.dur / 1000 > LONG_TASK_MS);
  // Font lookups: on Linux each new font (family, weight, size) costs the renderer's main thread
  // synchronous calls to the browser's font service (fontconfig), which a phone's browser does
  // not make. Outermost events only (the trace nests them).
  const fontEvents = [];
  for (const e of own) {
    if (!/(^|,)fonts(,|$)/.test(e.cat ?? '') || e.ts < start) continue;
    const last = fontEvents[fontEvents.length - 1];
    if (last && e.ts < last.ts + last.dur) continue;
    fontEvents.push(e);
  }
  const fontMsIn = (from, to) => fontEvents.filter((e) => e.ts >= from && e.ts < to).reduce((sum, e) => sum + e.dur / 1000, 0);
  const withChildren = long.map((task) => {
    const end = task.ts + task.dur;
    const inside = own.filter((e) => e !== task && !TASK_NAMES.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= end);
    // Direct children: events not inside another event of this task.
    const direct = [];
    for (const e of inside) {
      const parent = direct[direct.length - 1];
      if (parent && e.ts + e.dur <= parent.ts + parent.dur) continue;
      direct.push(e);
    }
    const byLabel = new Map();
    for (const e of direct) byLabel.set(labelOf(e, origin), (byLabel.get(labelOf(e, origin)) ?? 0) + e.dur / 1000);
    const ran = [...byLabel.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    // Its length from the first contentful paint on, clipped as Lighthouse clips a task for TBT.
    const afterPaintMs = Math.max(0, (end - Math.max(task.ts, paintTs)) / 1000);
    return { ts: task.ts, startMs: (task.ts - start) / 1000, ms: task.dur / 1000, afterPaintMs, fontMs: fontMsIn(task.ts, end), ran };
  });
  const blocking = withChildren.reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
  // Lighthouse's Total Blocking Time as it defines it (from the first contentful paint: "there is
  // little risk of user input happening before FCP"), measured rather than simulated, to idle.
  const blockingAfterPaint = withChildren.reduce((sum, task) => sum + Math.max(0, task.afterPaintMs - LONG_TASK_MS), 0);
  const largestAfterPaint = Math.max(0, ...withChildren.map((task) => task.afterPaintMs));
  // The same tasks as if every font lookup cost nothing: what is left of our page's own work.
  const blockingWithoutFonts = withChildren.reduce((sum, task) => sum + Math.max(0, task.ms - task.fontMs - LONG_TASK_MS), 0);
  const fontMs = fontEvents.reduce((sum, e) => sum + e.dur / 1000, 0);
  return {
    tasks: withChildren,
    blocking,
    blockingAfterPaint,
    largestAfterPaint,
    fcpMs: fcp ? (fcp.ts - start) / 1000 : null,
    blockingWithoutFonts,
    fontMs,
    fontLookups: fontEvents.length,
    start,
    pid,
    tid,
  };
}

// ---- Attribution by source, from V8's sampling profiler in the trace ----

const sourceMaps = new Map();
function sourceMapOf(url, origin) {
  if (!url.startsWith(origin)) return null;
  const file = path.join(DIST_DIR, 'client', new URL(url).pathname);
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
  }
  return sourceMaps.get(file);
}

/** The part of the app a source file belongs to, in the terms of issue 35. */
function partOf(source) {
  if (!source) return 'other';
  const s = source.replace(/^(\.\.\/)+/, '');
  const rules = [
    [/node_modules\/(react-dom|scheduler)\//, 'React DOM'],
    [/node_modules\/react\//, 'React'],
    [/node_modules\/react-router/, 'react-router'],
    [/node_modules\/(i18next|react-i18next)\//, 'i18next'],
    [/node_modules\/react-helmet-async|node_modules\/(react-fast-compare|invariant|shallowequal)\//, 'react-helmet-async'],
    [/node_modules\/(leaflet|react-leaflet|@react-leaflet)\//, 'Leaflet'],
    [/node_modules\/(react-toastify|clsx)\//, 'toasts (react-toastify)'],
    [/node_modules\/(firebase|@firebase)\//, 'analytics (firebase)'],
    [/node_modules\/axios/, 'axios'],
    [/client\/platform\/analytics\//, 'analytics'],
    [/client\/platform\/toast/, 'toasts'],
    [/client\/framework\/(start|entry|runtime|routes|language-loader|i18n|deferred)\.tsx?$/, 'app start-up (client/framework/*.ts)'],
    [/client\/layouts\/|client\/components\//, 'layout and shared components'],
    [/client\/pages\/([^/]+)/, (m) => `page: ${m[1]}`],
    [/client\/features\/([^/]+)/, (m) => `feature: ${m[1]}`],
    [/client\//, 'other client code'],
    [/shared\//, 'shared code'],
    [/text-section/, 'texts'],
    [/node_modules\/([^/]+)/, (m) => m[1]],
  ];
  for (const [re, name] of rules) {
    const match = re.exec(s);
    if (match) return typeof name === 'function' ? name(match) : name;
  }
  return s;
}

/** The sampling profiler's samples in the trace: each with its time and the stack's top frame. */
function samplesOf(events, pid, tid) {
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { time: e.args.data.startTime, tid: e.tid });
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(e.id);
    if (!profile || profile.tid !== tid) continue;
    const data = e.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${node.id}`, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i += 1) {
      profile.time += deltas[i] ?? 0;
      samples.push({ ts: profile.time, node: nodes.get(`${e.id}:${ids[i]}`) });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  return samples;
}

/** Where the main thread's time went between `from` and `to` (trace microseconds), by part of the app. */
function attribute(samples, origin, from, to = Infinity, detail = false) {
  const parts = new Map();
  for (let i = 0; i < samples.length - 1; i += 1) {
    const { node, ts } = samples[i];
    if (ts < from || ts >= to) continue;
    const ms = (samples[i + 1].ts - ts) / 1000;
    const frame = node?.callFrame ?? {};
    let part;
    if (frame.functionName === '(idle)') continue;
    if (frame.functionName === '(garbage collector)') part = 'garbage collection';
    else if (frame.functionName === '(program)' || !frame.url) part = 'browser (style, layout, paint, parsing, requests)';
    else {
      const map = sourceMapOf(frame.url, origin);
      const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
      part = partOf(original?.source ?? frame.url);
      // HYDRATION_DETAIL=1: by function as well, named as in the source.
      if (detail)
        part = `${part}: ${frame.functionName || '(anonymous)'} ${original?.source?.replace(/^(\.\.\/)+/, '') ?? frame.url}:${original?.line ?? frame.lineNumber}`;
    }
    parts.set(part, (parts.get(part) ?? 0) + ms);
  }
  return [...parts.entries()].sort((a, b) => b[1] - a[1]);
}

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
      runs.push(longTasksOf(await traceLoad(`${floorOrigin}/`, CATEGORIES), floorOrigin));
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
      runs.push(longTasksOf(await traceLoad(url, CATEGORIES), origin));
    }
    const chosen = medianRun(runs);
    console.log(`hydration ${url} (profiled run) ...`);
    const events = await traceLoad(url, PROFILE_CATEGORIES);
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
