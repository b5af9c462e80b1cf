// Jest transform: TypeScript/TSX -> CommonJS with esbuild (the same compiler as build.mjs).
const { transformSync } = require('esbuild');
const path = require('node:path');

module.exports = {
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
    });
    return { code, map };
  },
};
