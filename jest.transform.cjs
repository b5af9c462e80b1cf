// Jest transform: TypeScript/TSX -> CommonJS with esbuild (the same compiler as build.mjs).
const { transformSync } = require('esbuild');
const path = require('node:path');

const { createHash } = require('node:crypto');
const fs = require('node:fs');
// The cache key includes this file, so a change to the options below invalidates Jest's cache.
const self = fs.readFileSync(__filename, 'utf8');

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha256').update(self).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
  process(source, filename) {
    const ext = path.extname(filename).slice(1);
    const { code, map } = transformSync(source, {
      loader: ext === 'tsx' ? 'tsx' : ext === 'ts' ? 'ts' : ext === 'jsx' ? 'jsx' : 'js',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcefile: filename,
      define: { 'import.meta.env': '{}' },
      // Jest runs CommonJS without VM modules: import() becomes a lazy require().
      supported: { 'dynamic-import': false },
    });
    return { code, map };
  },
};
