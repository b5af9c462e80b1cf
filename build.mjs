// Builds the browser bundle (ESM, code splitting, hashed names, manifest) and the server bundle.
// `node build.mjs` builds once; `node build.mjs --dev` rebuilds on change and restarts the server.
// Its parts are in build/: the text chunks' plugin (build/text-sections.mjs), the manifest
// (build/manifest.mjs) and what is done to the files after bundling (build/assets.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { copyPublic, hintEagerCompile, precompress } from './build/assets.mjs';
import { writeManifest } from './build/manifest.mjs';
import { pageModules } from './build/page-modules.mjs';
import { textSections } from './build/text-sections.mjs';

const root = path.dirname(new URL(import.meta.url).pathname);
// DIST_DIR lets several builds live side by side (parallel work, benchmarks of two versions).
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
const clientOut = path.join(dist, 'client');
const dev = process.argv.includes('--dev');
// React's development build names hydration mismatches in full: `NODE_ENV=development node build.mjs`.
const reactDevelopment = dev || process.env.NODE_ENV === 'development';

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

/**
 * Every module the app's own code loads with `import()` after the start (a page, the booking's
 * announcer, the toast container, the map, the HTTP client) imports client/app/start.tsx
 * too, through a wrapper module: `import '<start>'; export * from '<module>'`. esbuild puts a module
 * into a chunk by the set of entry points (the entry and each dynamic import) that reach it, so
 * each module of the start's graph that some later module also imports (Link, PageHead with
 * react-helmet-async, the texts' loader, the runtime...) was a chunk of its own, one per set of
 * importers: 18 more files on every first load, each compressed apart, 5.1 kB gzip of `/` (issue
 * 52, bench/README.md). Now every later entry point reaches the whole graph, and the graph is one
 * chunk with start.tsx. It costs nothing at run time: start.tsx is always evaluated before any of
 * these (client/app/entry.tsx), and importing it runs nothing. The entry's own `import()`s
 * (its stages, start.tsx) stay as they are: they run before the start.
 * A wrapped module exports names only (`export *` leaves out a default export, so the build fails
 * on one); the manifest names its chunk by the module, as before (`entryNamesOfModules`).
 */
const AFTER_START = 'after-start';
function afterStart() {
  const startModule = path.join(root, 'client', 'app', 'start.tsx');
  const entryModule = path.join(root, 'client', 'app', 'entry.tsx');
  const ownDirs = ['client', 'shared'].map((dir) => path.join(root, dir) + path.sep);
  const isOwn = (file) => ownDirs.some((dir) => file.startsWith(dir));
  return {
    name: AFTER_START,
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === AFTER_START) return undefined;
        if (args.importer === entryModule || !isOwn(args.importer)) return undefined;
        const { resolveDir, importer, kind } = args;
        const resolved = await build.resolve(args.path, { resolveDir, importer, kind, pluginData: AFTER_START });
        if (resolved.errors.length > 0 || resolved.namespace !== 'file' || !isOwn(resolved.path)) return undefined;
        return { path: path.relative(root, resolved.path), namespace: AFTER_START };
      });
      build.onLoad({ filter: /.*/, namespace: AFTER_START }, async (args) => {
        const file = path.join(root, args.path);
        const source = await fs.promises.readFile(file, 'utf8');
        if (/^\s*export\s+default\b|\bas\s+default\s*[,}]/m.test(source)) {
          return { errors: [{ text: `${args.path} is loaded with import(): export names, not a default (build.mjs, afterStart)` }] };
        }
        const contents = `import ${JSON.stringify(startModule)};\nexport * from ${JSON.stringify(file)};\n`;
        return { contents, loader: 'js', resolveDir: path.dirname(file), watchFiles: [file] };
      });
    },
  };
}

/** The metafile with each wrapped module's chunk named by the module itself, as the manifest and the benches expect. */
function entryNamesOfModules(metafile) {
  const prefix = `${AFTER_START}:`;
  const named = new Set(Object.values(metafile.outputs).map((output) => output.entryPoint));
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint?.startsWith(prefix)) continue;
    const module = output.entryPoint.slice(prefix.length);
    if (named.has(module)) throw new Error(`build: ${module} is both an entry point and loaded with import()`);
    output.entryPoint = module;
  }
  return metafile;
}

/**
 * A page's or a feature's styles are imported by its module (client/styles/app.css). esbuild puts
 * the CSS of every module the entry reaches, those loaded with import() included, into the entry's
 * stylesheet (its `cssBundle`), which every page links (build/manifest.mjs); it also writes a
 * stylesheet for each module loaded with import(), holding that module's share again, which nothing
 * links. Those are removed (with their source maps, before the text files are precompressed) and
 * left out of the metafile.
 */
function oneStylesheet(metafile) {
  const entry = Object.values(metafile.outputs).find((output) => output.entryPoint === 'client/app/entry.tsx');
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.cssBundle && output !== entry) delete output.cssBundle;
    if (!/\.css(\.map)?$/.test(file) || file.replace(/\.map$/, '') === entry?.cssBundle) continue;
    fs.rmSync(path.join(root, file), { force: true });
    delete metafile.outputs[file];
  }
  return metafile;
}

/** Browser bundle: what a cheap phone downloads, so minified and split per page. */
const clientOptions = {
  absWorkingDir: root,
  entryPoints: ['client/app/entry.tsx'],
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
  plugins: [afterStart(), textSections(), pageModules()],
  alias: { ...reactRouterProduction, 'use-sync-external-store/shim': path.join(root, 'client', 'stages', 'sync-external-store.ts') },
  logLevel: 'warning',
};

/** Server bundle: the app and the server render of the same route table. */
const serverOptions = {
  absWorkingDir: root,
  // The number search's threads load their own file (server/api/numbers/search-pool.ts): search-worker.cjs beside index.cjs.
  entryPoints: { index: 'server/main.ts', 'search-worker': 'server/api/numbers/search-worker.ts' },
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
  plugins: [textSections(), pageModules()],
  // Bundled (an absolute path), while every other package stays external.
  alias: reactRouterProduction,
  logLevel: 'warning',
};

async function buildOnce() {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(clientOut, { recursive: true });
  copyPublic(clientOut);
  const [client] = await Promise.all([esbuild.build(clientOptions), process.env.SKIP_SERVER_BUILD ? null : esbuild.build(serverOptions)]);
  const metafile = oneStylesheet(entryNamesOfModules(client.metafile));
  fs.writeFileSync(path.join(dist, 'client-meta.json'), JSON.stringify(metafile));
  const manifest = writeManifest(metafile, clientOut);
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
        copyPublic(clientOut);
        writeManifest(oneStylesheet(entryNamesOfModules(result.metafile)), clientOut);
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
