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

async function buildOnce() {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(clientOut, { recursive: true });
  copyPublic(clientOut);
  const [client] = await Promise.all([esbuild.build(clientOptions), process.env.SKIP_SERVER_BUILD ? null : esbuild.build(serverOptions)]);
  fs.writeFileSync(path.join(dist, 'client-meta.json'), JSON.stringify(client.metafile));
  const manifest = writeManifest(client.metafile, clientOut);
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
        writeManifest(result.metafile, clientOut);
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
