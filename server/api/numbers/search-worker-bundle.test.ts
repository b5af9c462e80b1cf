import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Every test API and every server starts the number search's threads, and each thread loads its
 * bundle's packages anew: zod and its schemas cost a thread about 60 ms of CPU at its start
 * (bench/README.md, "Issue 62"), for nothing it uses. The thread's code takes the contract's plain
 * values (shared/contract/values.ts), never its schemas.
 */
it("loads no zod in the number search's threads", () => {
  const root = path.join(__dirname, '..', '..', '..');
  const { metafile } = buildSync({
    entryPoints: [path.join(__dirname, 'search-worker.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const packages = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
  expect(packages).toContain('better-sqlite3');
  expect(packages).not.toContain('zod');
});
