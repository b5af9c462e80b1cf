// The long tasks of a page's main thread in a Chromium trace (bench/hydration.mjs): what ran in
// each, the blocking time from navigation and from the first contentful paint, and the font lookups.

export const LONG_TASK_MS = 50;

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
export function longTasksOf(events, origin) {
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
