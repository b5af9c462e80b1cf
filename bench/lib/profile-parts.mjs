// Where a page's main thread spent its time, by part of the app (bench/hydration.mjs): V8's
// sampling profiler in the trace, each sample mapped back to its source through the build's source maps.
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { DIST_DIR } from './processes.mjs';

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
    [
      /client\/app\/(start|entry|routes|document)\.tsx?$|client\/framework\/(runtime|language-loader|i18n|deferred)\.tsx?$/,
      'app start-up (client/app, client/framework)',
    ],
    [/client\/app\/layouts\/|client\/components\//, 'layout and shared components'],
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
export function samplesOf(events, pid, tid) {
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
export function attribute(samples, origin, from, to = Infinity, detail = false) {
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
