// The manifest of a client build (dist/client/manifest.json, build.json, latest.json), from esbuild's metafile.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// The repository root (this file is in build/): esbuild's output paths are relative to it.
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

function urlOf(clientOut, file) {
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

/** Writes the manifest of the client files in `clientOut` and returns it. */
export function writeManifest(metafile, clientOut) {
  const outputs = metafile.outputs;
  const modules = {};
  let entry = null;
  let stylesheets = [];
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint) continue;
    const imports = [...staticImports(outputs, file)].filter((f) => f.endsWith('.js')).map((f) => urlOf(clientOut, f));
    modules[output.entryPoint] = { file: urlOf(clientOut, file), imports };
    if (output.entryPoint === 'client/app/entry.tsx') {
      // The entry starts the app in stages (client/app/entry.tsx): what it imports itself, statically
      // or not, is needed at once, with everything those import.
      const stages = output.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path);
      const stageFiles = stages
        .flatMap((stage) => [stage, ...staticImports(outputs, stage)])
        .filter((f) => f.endsWith('.js'))
        .map((f) => urlOf(clientOut, f));
      entry = { file: urlOf(clientOut, file), imports: [...new Set([...imports, ...stageFiles])] };
      if (output.cssBundle) stylesheets = [urlOf(clientOut, output.cssBundle)];
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
