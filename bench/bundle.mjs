// First-visit JavaScript per route: the entry, its static imports, the page's chunk and its
// imports, and the chunks of the catalogue sections the document and the page need
// (client/framework/page-sections.ts) — the same list the server's `modulePreloads` emits
// (server/site/render/build-manifest.ts, server/site/render/renderer.tsx), read from $DIST_DIR/client/manifest.json. Sizes are per
// file as the server and nginx send them: the build's own `.gz` (level 9) and `.br` (quality 11)
// copies (build.mjs), a file under 1 kB as it is; with the size a per-response compressor would
// make (gzip 6, the compression middleware's default) beside them for comparison.
// The count and the budgets are bench/lib/first-load.ts's and bench/budgets.ts's, which
// bench/first-load.test.ts holds every page to in `npm test`; this script prints them.
// Exits non-zero when a route is over its gzip budget, or when the server's HTML preloads
// differ from this list (then the bench measures the wrong thing).
import fs from 'node:fs';
import path from 'node:path';
import { heading, kB, percent, table } from './lib/format.mjs';
import { DIST_DIR, ROOT, startSite } from './lib/processes.mjs';
import { loadSiteModule } from '../site-module.mjs';

const SAMPLE_PARAMS = { ':slug': 'oq-day' };

const clientDir = path.join(DIST_DIR, 'client');
if (!fs.existsSync(path.join(clientDir, 'manifest.json'))) {
  console.error(`No build at ${DIST_DIR}: run "node build.mjs" first (with the same DIST_DIR).`);
  process.exit(1);
}

// The site's own modules (site-module.mjs), so what this bench counts and reads cannot drift from
// the site's and the test's: the first load per page as the server preloads it, and the boot script's list.
const { FIRST_LOAD_LANGUAGE: LANGUAGE, firstLoads, overBudget, readClientBuild } = await loadSiteModule('bench/lib/first-load.ts');
const { bootModulesOf } = await loadSiteModule('shared/boot-modules.ts');

const build = readClientBuild(DIST_DIR);
const { manifest, sizeOf } = build;
const rows = firstLoads(build);
const css = manifest.stylesheets.reduce((sum, url) => sum + sizeOf(url).gzip, 0);

/** The server's own preload links for a route must be this list; otherwise this bench is wrong. */
async function checkAgainstServer() {
  const problems = [];
  const site = await startSite();
  try {
    for (const row of rows) {
      const pathname = row.route.replace(/:\w+/g, (name) => SAMPLE_PARAMS[name] ?? 'x');
      if (!pathname.startsWith('/')) continue;
      const response = await fetch(`${site.origin}${pathname}`, {
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/126', 'accept-language': LANGUAGE },
      });
      const html = await response.text();
      // The boot script's list, plus any module tag should one come back.
      const served = new Set(bootModulesOf(html));
      for (const tag of html.match(/<(link|script)\b[^>]*>/g) ?? []) {
        const href = /\b(?:href|src)="([^"]+\.js)"/.exec(tag)?.[1];
        if (href && (/rel="modulepreload"/.test(tag) || /type="module"/.test(tag))) served.add(href);
      }
      const expected = new Set(row.urls);
      const missing = [...expected].filter((url) => !served.has(url));
      const extra = [...served].filter((url) => !expected.has(url));
      if (missing.length || extra.length)
        problems.push(
          `${pathname} (${response.status}): not preloaded ${missing.join(', ') || '-'}; preloaded but not counted ${extra.join(', ') || '-'}`,
        );
    }
  } finally {
    await site.stop();
  }
  return problems;
}

function largestModules(urls, limit) {
  const meta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'client-meta.json'), 'utf8'));
  const byModule = new Map();
  const byPackage = new Map();
  let total = 0;
  // The served gzip bytes split between the packages and the site's own code and texts: each
  // file's share by the minified bytes its inputs put in it (a file is compressed whole).
  let libraryGzip = 0;
  for (const url of urls) {
    const key = path.relative(ROOT, path.join(clientDir, url)).split(path.sep).join('/');
    const inputs = Object.entries(meta.outputs[key]?.inputs ?? {});
    const inFile = inputs.reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
    const fromPackages = inputs.reduce((sum, [input, { bytesInOutput }]) => sum + (input.includes('node_modules/') ? bytesInOutput : 0), 0);
    if (inFile > 0) libraryGzip += (sizeOf(url).gzip * fromPackages) / inFile;
    for (const [path_, { bytesInOutput }] of inputs) {
      // A symlinked node_modules shows as ../../somewhere/node_modules/...: name it the same way.
      const input = path_.replace(/^.*?node_modules\//, 'node_modules/');
      total += bytesInOutput;
      byModule.set(input, (byModule.get(input) ?? 0) + bytesInOutput);
      const pkg =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('text-section:') ? 'catalogue sections' : 'site code');
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, bytes]) => [name, kB(bytes), percent(bytes / total)]);
  const own = new Map([...byModule].filter(([input]) => !input.startsWith('node_modules/')));
  return { total, libraryGzip, modules: top(byModule), packages: top(byPackage), own: top(own) };
}

const lines = [heading(`First-load JavaScript per route (${LANGUAGE}, build ${manifest.buildId})`)];
lines.push(
  table(
    ['route', 'files', 'minified', 'gzip (served, level 9)', 'brotli (served, q11)', 'gzip at level 6', 'page chunks gzip', 'budget gzip'],
    rows.map((row) => [
      row.route,
      row.urls.length,
      kB(row.total.raw),
      kB(row.total.gzip),
      kB(row.total.brotli),
      kB(row.total.gzip6),
      kB(row.pageGzip),
      `${kB(row.budget)} ${row.total.gzip <= row.budget ? 'ok' : 'OVER'}`,
    ]),
    ['left'],
  ),
);
lines.push(`Stylesheet (render-blocking, every route): ${kB(css)} gzip.`);
const shared = [manifest.entry, ...manifest.entryImports];
const sharedGzip = shared.reduce((sum, url) => sum + sizeOf(url).gzip, 0);
lines.push(`Entry and its static imports (every route): ${kB(sharedGzip)} gzip in ${shared.length} files.`);
const home = rows.find((row) => row.route === '/') ?? rows[0];
const largest = largestModules(home.urls, 15);
lines.push(heading(`Largest packages in the first load of ${home.route} (minified bytes, ${kB(largest.total)} in all)`));
lines.push(table(['package', 'minified', 'share'], largest.packages, ['left']));
lines.push(
  `Served gzip of ${home.route}: packages about ${kB(largest.libraryGzip)}, the site's own code and texts about ${kB(home.total.gzip - largest.libraryGzip)} ` +
    `(each file's gzip shared by the minified bytes of its inputs).`,
);
lines.push(heading(`Largest modules in the first load of ${home.route}`));
lines.push(table(['module', 'minified', 'share'], largest.modules, ['left']));
lines.push(heading(`Largest modules of the site's own code in the first load of ${home.route}`));
lines.push(table(['module', 'minified', 'share'], largest.own, ['left']));
console.log(lines.join('\n'));

const over = rows.map(overBudget).filter(Boolean);
let failed = false;
if (over.length) {
  console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
  failed = true;
} else {
  console.log('\nEvery route is within its budget (bench/budgets.ts).');
}
if (process.env.BENCH_SKIP_SERVER_CHECK !== '1') {
  const problems = await checkAgainstServer();
  if (problems.length) {
    console.error(`The server's preload links differ from this list:\n  ${problems.join('\n  ')}`);
    failed = true;
  } else {
    console.log("The modules the server's boot script loads match these lists on every route.");
  }
}
if (failed) process.exitCode = 1;
