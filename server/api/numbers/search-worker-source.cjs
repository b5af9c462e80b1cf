// The number search's thread (search-worker.ts) where no build of it stands beside the code that
// starts it: under jest, which runs the TypeScript sources. esbuild bundles it in memory with the
// server build's own settings (build.mjs), and the bundle is this module.
const path = require('node:path');
const { buildSync } = require('esbuild');

const source = path.join(__dirname, 'search-worker.ts');
const { outputFiles } = buildSync({
  entryPoints: [source],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  write: false,
  logLevel: 'warning',
});
module._compile(outputFiles[0].text, source);
