// A module of the site itself (TypeScript, importing types only or nothing the bundle cannot hold)
// compiled by esbuild and loaded into a plain Node script, so the build and the benchmarks use the
// site's own rules rather than copies of them: build.mjs groups the texts' chunks by
// client/framework/page-sections.ts, bench/bundle.mjs counts preloads by it and reads boot lists with
// shared/boot-modules.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The module at `file` (relative to the repository root), as Node would import it. */
export async function loadSiteModule(file) {
  const built = await esbuild.build({
    // A module that finds files by its own folder: every such module sits two levels down
    // (server/process, server/testing), which this stands for in the bundle.
    define: { __dirname: JSON.stringify(path.join(root, path.dirname(file))) },
    entryPoints: [path.join(root, file)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
}
