// Load: 200 concurrent connections for 30 s across the site's routes on 127.0.0.1. Passes when
// there is no connection error or timeout, every status is the intended one (404 only for the
// unknown path), and the server's resident memory after the run is within 20 % of before it.
// Both readings follow the end of any backlog, an idle pause and a forced full GC
// (lib/gc-on-signal.cjs): without the GC, RSS mostly measures garbage V8 has not collected yet,
// which swings by a third from one reading to the next and hides or fakes a leak. "Before" also
// follows a warm-up at the same load, so lazily loaded modules and JIT code are not counted as
// growth. Exits non-zero otherwise.
import { measure, BROWSER_HEADERS } from './lib/cannon.mjs';
import { heading, int, MB, ms, percent, table } from './lib/format.mjs';
import { collectGarbage, crashReport, processTree, rssBytes, sleep, startSite, waitForIdle } from './lib/processes.mjs';

const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? '200');
const duration = Number(process.env.BENCH_LOAD_DURATION ?? '30');
const warmup = Number(process.env.BENCH_LOAD_WARMUP ?? '10');
const pauseMs = Number(process.env.BENCH_LOAD_PAUSE_MS ?? '5000');
const workers = Number(process.env.BENCH_WORKERS ?? '1');
const MAX_GROWTH = 0.2;
const UNKNOWN = '/bench-no-such-page';

const treeRss = (pid) => processTree(pid).reduce((sum, p) => sum + rssBytes(p), 0);

async function newsItemPath(origin) {
  // A real article, so the item page renders 200; fall back to the seeded slug.
  try {
    const response = await fetch(`${origin}/api/v1/news`, { headers: { accept: 'application/json' } });
    const slug = (await response.json())?.items?.[0]?.slug;
    if (slug) return `/news/${encodeURIComponent(slug)}`;
  } catch {
    // The list is only a convenience.
  }
  return '/news/oq-day';
}

function requestsFor(paths, counts) {
  return paths.map((path) => ({
    method: 'GET',
    path,
    onResponse(status) {
      const byStatus = (counts[path] ??= {});
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    },
  }));
}

/** The server's error and warning lines, grouped by message, so a failure names its cause. */
function serverErrors(output) {
  const groups = new Map();
  for (const line of output.split('\n')) {
    if (!/"level":"(error|warn)"/.test(line)) continue;
    let key = line.slice(0, 200);
    try {
      const entry = JSON.parse(line);
      key =
        `${entry.level}: ${entry.message.replace(/GET \S+/, 'GET <path>')} — ${entry.error?.name ?? ''} ${entry.error?.message ?? ''}`.trim();
    } catch {
      // Not a JSON log line: keep its start.
    }
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  if (groups.size === 0) return '\nThe server logged no error.';
  return `\nServer log (errors and warnings, by message):\n${[...groups].map(([key, n]) => `  ${n} x ${key}`).join('\n')}`;
}

const site = await startSite({ workers, gcOnSignal: true });
let failed = false;
try {
  const paths = [
    '/',
    '/en/numbers',
    '/uz/news',
    '/constructor',
    '/specificTariffs',
    '/pointsOfSale',
    '/about',
    await newsItemPath(site.origin),
    UNKNOWN,
  ];
  const expected = (path) => (path === UNKNOWN ? 404 : 200);

  // One look before the load: a route that is already wrong is named here, not drowned in figures.
  for (const path of paths) {
    const response = await fetch(`${site.origin}${path}`, { headers: BROWSER_HEADERS, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== expected(path))
      console.log(`note: ${path} answers ${response.status} before the load (expected ${expected(path)})`);
  }

  console.log(`warm-up: ${connections} connections for ${warmup} s, then ${pauseMs / 1000} s idle`);
  await measure(site.origin, { requests: requestsFor(paths, {}), connections, duration: warmup, warmup: 0 });
  await waitForIdle(site.pid);
  await sleep(pauseMs);
  if (site.exited()) {
    // Nothing left to measure: say why and stop.
    console.error(
      `\nbench:load FAILED: the server died during the warm-up (exit ${site.exited().signal ?? site.exited().code}); ${crashReport(site.output())}`,
    );
    process.exit(1);
  }
  const beforeRaw = treeRss(site.pid);
  await collectGarbage(site.pid);
  const before = treeRss(site.pid);

  console.log(`load: ${connections} connections for ${duration} s over ${paths.length} paths (WEB_CONCURRENCY=${workers})`);
  const counts = {};
  const samples = [];
  const sampler = setInterval(() => samples.push(treeRss(site.pid)), 1000);
  let result;
  try {
    result = await measure(site.origin, { requests: requestsFor(paths, counts), connections, duration, warmup: 0 });
  } finally {
    clearInterval(sampler);
  }
  // An overloaded server is still working through requests the load generator gave up on.
  const backlogMs = await waitForIdle(site.pid);
  await sleep(pauseMs);
  const afterRaw = treeRss(site.pid);
  await collectGarbage(site.pid);
  const after = treeRss(site.pid);
  const growth = after / before - 1;

  const wrong = [];
  const rows = paths.map((path) => {
    const byStatus = counts[path] ?? {};
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    const bad = total - (byStatus[expected(path)] ?? 0);
    if (bad > 0 || total === 0) wrong.push(path);
    return [
      path,
      int(total),
      Object.entries(byStatus)
        .map(([status, n]) => `${status}: ${int(n)}`)
        .join(', ') || '-',
      bad,
    ];
  });

  const lines = [heading(`Load: ${connections} connections, ${duration} s, WEB_CONCURRENCY=${workers}`)];
  lines.push(table(['path', 'responses', 'statuses', 'unintended'], rows, ['left']));
  lines.push(
    `requests: ${int(result.total)} (${int(result.rps)} req/s), latency p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}; ` +
      `connection errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  lines.push(
    `server RSS after idle + full GC: before ${MB(before)}, after ${MB(after)} (${growth >= 0 ? '+' : ''}${percent(growth)}; bound +${percent(MAX_GROWTH)}); ` +
      `without the GC: before ${MB(beforeRaw)}, after ${MB(afterRaw)}; peak during load ${MB(Math.max(beforeRaw, ...samples))}`,
  );
  if (backlogMs > 1500)
    lines.push(`after the load the server was busy another ${(backlogMs / 1000).toFixed(0)} s with requests already given up`);
  console.log(lines.join('\n'));

  const problems = [];
  const died = site.exited();
  const crash = crashReport(site.output());
  if (died) problems.push(`the server exited during the run (${died.signal ?? died.code})`);
  if (crash) problems.push(`server crash: ${crash}`);
  if (result.errors > 0 || result.timeouts > 0) problems.push(`${result.errors} connection errors, ${result.timeouts} timeouts`);
  if (wrong.length) problems.push(`unintended statuses on ${wrong.join(', ')}`);
  if (!died && growth > MAX_GROWTH) problems.push(`memory grew ${percent(growth)} (bound ${percent(MAX_GROWTH)}): a per-request leak?`);

  // Junk query strings (issue 15): every request a URL never seen before (`/news?utm_source=<n>`),
  // as shared links with tracking parameters or a script would send. The page cache keys a page by
  // the parameters the site reads, so they are all one entry: throughput within half of the plain
  // URL's, and memory after within the same bound.
  const junkSeconds = Number(process.env.BENCH_LOAD_JUNK_DURATION ?? '15');
  if (!died && junkSeconds > 0) {
    const plain = await measure(site.origin, { path: '/news', connections, duration: junkSeconds, warmup: 0 });
    let n = 0;
    const junk = await measure(site.origin, {
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: `/news?utm_source=bench-${process.pid}-${(n += 1)}&fbclid=${n}` }),
        },
      ],
      connections,
      duration: junkSeconds,
      warmup: 0,
    });
    await waitForIdle(site.pid);
    await sleep(pauseMs);
    await collectGarbage(site.pid);
    const afterJunk = treeRss(site.pid);
    const junkGrowth = afterJunk / before - 1;
    const share = junk.rps / plain.rps;
    console.log(
      `${heading(`Junk query strings: ${connections} connections, ${junkSeconds} s each`)}\n` +
        `plain /news: ${int(plain.rps)} req/s, p99 ${ms(plain.p99)}; unique /news?utm_source=…: ${int(junk.rps)} req/s, p99 ${ms(junk.p99)} ` +
        `(${percent(share)} of plain; bound 50 %); server RSS after idle + full GC ${MB(afterJunk)} (${junkGrowth >= 0 ? '+' : ''}${percent(junkGrowth)} on before the load; bound +${percent(MAX_GROWTH)})`,
    );
    if (junk.errors > 0 || junk.timeouts > 0 || junk.non2xx > 0)
      problems.push(`junk query strings: ${junk.errors} errors, ${junk.timeouts} timeouts, ${junk.non2xx} non-2xx`);
    if (share < 0.5) problems.push(`junk query strings at ${percent(share)} of the plain URL's throughput (bound 50 %)`);
    if (junkGrowth > MAX_GROWTH)
      problems.push(`memory grew ${percent(junkGrowth)} under junk query strings (bound ${percent(MAX_GROWTH)})`);
  }
  if (problems.length) {
    console.error(serverErrors(site.output()));
    console.error(`\nbench:load FAILED: ${problems.join('; ')}`);
    failed = true;
  } else {
    console.log('\nbench:load passed: no errors, only the intended 404s, memory within bounds.');
  }
} finally {
  await site.stop();
}
if (failed) process.exitCode = 1;
