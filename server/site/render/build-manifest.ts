import fs from 'node:fs';
import path from 'node:path';

/** What build.mjs writes to dist/client/manifest.json. */
export interface BuildManifest {
  buildId: string;
  /** URL of the browser entry module. */
  entry: string;
  /** URLs of the chunks the entry needs at once: its static imports, and its own `import()`s (the stages of client/app/entry.tsx) with theirs. */
  entryImports: string[];
  stylesheets: string[];
  /** Per source module (e.g. `client/pages/news/route.tsx`, `text-section:en-news`): its chunk and what it imports. */
  modules: Record<string, { file: string; imports: string[] }>;
}

export class MissingBuildError extends Error {
  constructor(file: string) {
    super(`The client build is missing (${file}). Run "npm run build" first.`);
    this.name = 'MissingBuildError';
  }
}

export function readBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'client', 'manifest.json');
  if (!fs.existsSync(file)) throw new MissingBuildError(file);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
}

/** Chunks a first visit needs before hydration: the entry's, the matched pages', their text sections'. */
export function modulePreloads(manifest: BuildManifest, sourceModules: string[]): string[] {
  const urls = new Set(manifest.entryImports);
  for (const source of sourceModules) {
    const module = manifest.modules[source];
    if (!module) continue;
    urls.add(module.file);
    for (const imported of module.imports) urls.add(imported);
  }
  urls.delete(manifest.entry);
  return [...urls];
}
