// The number search's thread (search-worker.ts) where no build of it stands beside the code that
// starts it: under jest, which runs the TypeScript sources. esbuild bundles it with the server
// build's own settings (build.mjs), and the bundle is this module. Every test API starts a thread,
// so the bundle is kept in node_modules/.cache with the size and time of each source it was made
// of, and made again only when one of them changed (esbuild has no such cache of its own).
const fs = require('node:fs');
const path = require('node:path');
const { buildSync } = require('esbuild');

const source = path.join(__dirname, 'search-worker.ts');
const root = path.join(__dirname, '..', '..', '..');
const cacheFile = path.join(root, 'node_modules', '.cache', 'search-worker', 'bundle.json');
const stamp = (file) => {
  try {
    const stat = fs.statSync(path.join(root, file));
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
};

function cachedBundle() {
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    return Object.entries(cached.inputs).every(([file, was]) => stamp(file) === was) ? cached.code : null;
  } catch {
    return null;
  }
}

function freshBundle() {
  const { outputFiles, metafile } = buildSync({
    entryPoints: [source],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const code = outputFiles[0].text;
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((file) => [file, stamp(file)]));
  try {
    // Written whole, then renamed: test processes starting threads at once never read half a file.
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(partial, JSON.stringify({ inputs, code }));
    fs.renameSync(partial, cacheFile);
  } catch {
    // No cache where the folder cannot be written: the bundle is still this thread's.
  }
  return code;
}

module._compile(cachedBundle() ?? freshBundle(), source);
