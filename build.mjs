// Builds the browser bundle (ESM, code splitting, hashed names, manifest) and the server bundle.
// `node build.mjs` builds once; `node build.mjs --dev` rebuilds on change and restarts the server.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import * as esbuild from 'esbuild';
import textRules from './locales/sections.cjs';
import { loadSiteModule } from './site-module.mjs';

const { browserSection } = textRules;

const root = path.dirname(new URL(import.meta.url).pathname);
// DIST_DIR lets several builds live side by side (parallel work, benchmarks of two versions).
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
const clientOut = path.join(dist, 'client');
const dev = process.argv.includes('--dev');
// React's development build names hydration mismatches in full: `NODE_ENV=development node build.mjs`.
const reactDevelopment = dev || process.env.NODE_ENV === 'development';

// The texts' sections are grouped into chunks by the same rule the server preloads them by.
const { DOCUMENT_SECTIONS, DOCUMENT_CHUNK, textChunkOf } = await loadSiteModule('client/framework/page-sections.ts');

/**
 * Each language's texts as one chunk per top-level section (issue 15), made here from
 * locales/catalogues.ts (locales/<lang>.json, and Uzbek in Cyrillic made from the Latin file) by
 * the rule of locales/sections.cjs: `virtual:text-sections`
 * is the map language → section → `import()` of `text-section:<lang>-<section>`, which is
 * that section's texts. The document's sections, which every page loads, share one chunk,
 * `text-section:<lang>-document` (`textChunkOf`), and their loaders pick their own
 * texts from it. A page downloads only the sections it declares (client/framework/page-sections.ts).
 * The server bundle gets the same map (never called there: the server renders with the whole files).
 */
function textSections() {
  const localesDir = path.join(root, 'locales');
  // What the catalogues are made of: a change to any of them remakes the chunks (--dev).
  const sources = [
    ...fs
      .readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(localesDir, file)),
    path.join(root, 'shared/uzbek-cyrillic.ts'),
    path.join(root, 'shared/uzbek-cyrillic-exceptions.json'),
  ];
  // Every language's texts (locales/catalogues.ts: the written files, and Uzbek in Cyrillic made
  // from the Latin one), read once per build.
  let catalogues = null;
  const readCatalogues = () => (catalogues ??= loadSiteModule('locales/catalogues.ts').then((module) => module.CATALOGUES));
  return {
    name: 'text-sections',
    setup(build) {
      build.onStart(() => {
        catalogues = null;
      });
      build.onResolve({ filter: /^virtual:text-sections$/ }, () => ({ path: 'map', namespace: 'text-sections' }));
      build.onResolve({ filter: /^text-section:/ }, (args) => ({
        path: args.path.slice('text-section:'.length),
        namespace: 'text-section',
      }));
      build.onLoad({ filter: /.*/, namespace: 'text-sections' }, async () => {
        const all = await readCatalogues();
        const entries = Object.entries(all).map(([lang, texts]) => {
          const loaders = Object.keys(texts).map((section) => {
            const chunk = textChunkOf(section);
            const load = `import(${JSON.stringify(`text-section:${lang}-${chunk}`)})`;
            return `${JSON.stringify(section)}: () => ${chunk === section ? load : `${load}.then((chunk) => ({ default: chunk.default[${JSON.stringify(section)}] }))`}`;
          });
          return `${JSON.stringify(lang)}: { ${loaders.join(', ')} }`;
        });
        return {
          contents: `export const TEXT_SECTIONS = { ${entries.join(', ')} };`,
          loader: 'js',
          watchFiles: sources,
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'text-section' }, async (args) => {
        const [, lang, section] = /^(.+)-(\w+)$/.exec(args.path) ?? [];
        const all = lang ? (await readCatalogues())[lang] : undefined;
        if (!all) return { errors: [{ text: `Not a text section: ${args.path}` }] };
        if (DOCUMENT_CHUNK in all)
          return {
            errors: [{ text: `locales/${lang}.json: a section may not be called "${DOCUMENT_CHUNK}", the name of the document's chunk` }],
          };
        // An object literal, not the json loader: no named export per key, just the texts.
        const texts =
          section === DOCUMENT_CHUNK
            ? Object.fromEntries(DOCUMENT_SECTIONS.map((name) => [name, browserSection(all, name)]))
            : browserSection(all, section);
        return { contents: `export default ${JSON.stringify(texts)};`, loader: 'js', watchFiles: sources };
      });
    },
  };
}

/**
 * react-router's package exports only its development build (`dist/development`: invariant
 * messages, warnings, slower paths); production builds, for the browser and the server alike,
 * take its `dist/production` files instead (same API, same version).
 */
const reactRouterProduction = reactDevelopment
  ? {}
  : {
      'react-router': path.join(root, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
      'react-router/dom': path.join(root, 'node_modules', 'react-router', 'dist', 'production', 'dom-export.mjs'),
    };

/** Browser bundle: what a cheap phone downloads, so minified and split per page. */
const clientOptions = {
  absWorkingDir: root,
  entryPoints: ['client/framework/entry.tsx'],
  outdir: path.join(clientOut, 'assets'),
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: true,
  metafile: true,
  target: ['es2020', 'chrome87', 'safari15', 'firefox90'],
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
  define: { 'process.env.NODE_ENV': JSON.stringify(reactDevelopment ? 'development' : 'production') },
  legalComments: 'linked',
  // Cyrillic as UTF-8 (2 bytes a letter) rather than \uXXXX escapes (6 bytes a letter).
  charset: 'utf8',
  plugins: [textSections()],
  alias: reactRouterProduction,
  logLevel: 'warning',
};

/** Server bundle: the app and the server render of the same route table. */
const serverOptions = {
  absWorkingDir: root,
  entryPoints: { index: 'server/main.ts' },
  outdir: path.join(dist, 'server'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  jsx: 'automatic',
  loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
  plugins: [textSections()],
  // Bundled (an absolute path), while every other package stays external.
  alias: reactRouterProduction,
  logLevel: 'warning',
};

function urlOf(file) {
  return `/${path.relative(clientOut, path.join(root, file)).split(path.sep).join('/')}`;
}

/** Every chunk a module needs before it runs (static imports, transitively). */
function staticImports(outputs, file, seen = new Set()) {
  for (const imported of outputs[file]?.imports ?? []) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(outputs, imported.path, seen);
  }
  return seen;
}

function writeManifest(metafile) {
  const outputs = metafile.outputs;
  const modules = {};
  let entry = null;
  let stylesheets = [];
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint) continue;
    const imports = [...staticImports(outputs, file)].filter((f) => f.endsWith('.js')).map(urlOf);
    modules[output.entryPoint] = { file: urlOf(file), imports };
    if (output.entryPoint === 'client/framework/entry.tsx') {
      // The entry starts the app in stages (client/framework/entry.tsx): what it imports itself, statically
      // or not, is needed at once, with everything those import.
      const stages = output.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path);
      const stageFiles = stages
        .flatMap((stage) => [stage, ...staticImports(outputs, stage)])
        .filter((f) => f.endsWith('.js'))
        .map(urlOf);
      entry = { file: urlOf(file), imports: [...new Set([...imports, ...stageFiles])] };
      if (output.cssBundle) stylesheets = [urlOf(output.cssBundle)];
    }
  }
  if (!entry) throw new Error('build: the client entry was not emitted');
  // The build id names this exact set of files; a new deployment changes it.
  const buildId = crypto.createHash('sha256').update(Object.keys(outputs).sort().join('\n')).digest('hex').slice(0, 12);
  const manifest = { buildId, entry: entry.file, entryImports: entry.imports, stylesheets, modules };
  fs.writeFileSync(path.join(clientOut, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const builtAt = new Date().toISOString();
  fs.writeFileSync(path.join(clientOut, 'build.json'), `${JSON.stringify({ buildId, builtAt, entry: entry.file })}\n`);
  fs.writeFileSync(path.join(clientOut, 'latest.json'), `${JSON.stringify({ buildId })}\n`);
  return manifest;
}

function copyPublic() {
  const from = path.join(root, 'client', 'public');
  if (fs.existsSync(from)) fs.cpSync(from, clientOut, { recursive: true });
  renderFavicon();
}

/**
 * The tab's icon as a PNG drawn from client/public/favicon.svg (the one source; its letters are
 * paths). Chromium draws an SVG icon as a document of its own on the page's main thread: on a
 * slow phone that was a task of 100–300 ms just after the first paint (issue 35, bench/README.md).
 * A PNG is only decoded. 96 px: sharp at 32 px on a screen of three device pixels per px.
 */
function renderFavicon() {
  const svg = fs.readFileSync(path.join(root, 'client', 'public', 'favicon.svg'), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: 96 }, font: { loadSystemFonts: false } }).render().asPng();
  fs.writeFileSync(path.join(clientOut, 'favicon.png'), png);
}

/**
 * React DOM is a CommonJS function of 200 kB that runs as the app starts (client/framework/entry.tsx). V8
 * compiles a function's inner functions only when each is first called, on the main thread, which
 * made most of the app's first long task. Chrome's explicit compile hint (`//# allFunctionsCalledOnLoad`
 * as the file's first line, Chrome 136+; a plain comment elsewhere) has the whole file compiled
 * while it downloads, off the main thread. Only React DOM's chunk: marking every chunk would
 * compile code a page never calls. The source map gets one empty line for the added one.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function hintEagerCompile(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || !Object.keys(output.inputs).some((input) => input.includes('react-dom/cjs/react-dom-client.'))) continue;
    const target = path.join(root, file);
    fs.writeFileSync(target, COMPILE_HINT + fs.readFileSync(target, 'utf8'));
    const mapFile = `${target}.map`;
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
      fs.writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text the browser downloads; source maps and licence texts are for people, fetched rarely. */
const PRECOMPRESSED = /\.(js|css|svg|json)$/;

/**
 * Every text asset also as `<file>.br` (brotli at its best quality, 11) and `<file>.gz` (gzip at
 * 9), made once here instead of per response: the server (express-static-gzip, server/site/app.ts) and
 * nginx (`brotli_static`/`gzip_static`, deploy/nginx.conf) send them as they are. Quality 11 takes
 * about a second for the whole build but makes the first load of `/` about 14 % smaller than the
 * quality a per-response compressor can afford (bench/README.md). Small files too: the compression
 * middleware sends anything under 1 kB as it is, and a page loads a dozen such text chunks.
 */
async function precompress(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => PRECOMPRESSED.test(file));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy only where it is smaller: a few bytes of text can grow by the format's own header.
      await Promise.all([
        br.length < bytes.length && fs.promises.writeFile(`${file}.br`, br),
        gz.length < bytes.length && fs.promises.writeFile(`${file}.gz`, gz),
      ]);
    }),
  );
}

async function buildOnce() {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(clientOut, { recursive: true });
  copyPublic();
  const [client] = await Promise.all([esbuild.build(clientOptions), process.env.SKIP_SERVER_BUILD ? null : esbuild.build(serverOptions)]);
  fs.writeFileSync(path.join(dist, 'client-meta.json'), JSON.stringify(client.metafile));
  const manifest = writeManifest(client.metafile);
  hintEagerCompile(client.metafile);
  await precompress(path.join(clientOut, 'assets'));
  console.log(`build ${manifest.buildId}: ${Object.keys(client.metafile.outputs).length} client files, server in dist/server`);
}

async function watch() {
  await buildOnce();
  let server = null;
  const restart = () => {
    if (server) server.kill('SIGTERM');
    server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.cjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env },
    });
  };
  const onEnd = (label, after) => ({
    name: `after-${label}`,
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length === 0) after(result);
      });
    },
  });
  const client = await esbuild.context({
    ...clientOptions,
    plugins: [
      ...clientOptions.plugins,
      onEnd('client', (result) => {
        copyPublic();
        writeManifest(result.metafile);
        restart();
      }),
    ],
  });
  const srv = await esbuild.context({ ...serverOptions, plugins: [...serverOptions.plugins, onEnd('server', restart)] });
  await Promise.all([client.watch(), srv.watch()]);
  console.log('watching client/, server/, shared/ and locales/ for changes');
}

if (dev) {
  await watch();
} else {
  await buildOnce();
}
