// The esbuild plugin `page-modules` of build.mjs: `virtual:page-modules`, the `import()` of each
// page's route module, made from the page table (PAGES, shared/paths.ts).
import path from 'node:path';
import { loadSiteModule } from '../site-module.mjs';

// The repository root (this file is in build/).
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const appDir = path.join(root, 'client', 'app');

/**
 * `virtual:page-modules` exports `PAGE_MODULES`: for each page of PAGES, `() => import()` of
 * `client/pages/<folder>/route.tsx` (`pageFolder`), written out so that each is its own chunk and
 * goes through the other plugins like any `import()` of ours (esbuild's own glob imports skip the
 * plugins, and build.mjs's `afterStart` must wrap every page). A page without its module fails the
 * build. Jest, which has no bundler, reads the same map from client/app/page-modules.node.ts.
 */
export function pageModules() {
  return {
    name: 'page-modules',
    setup(build) {
      build.onResolve({ filter: /^virtual:page-modules$/ }, () => ({
        path: path.join(appDir, 'page-modules.js'),
        namespace: 'page-modules',
      }));
      build.onLoad({ filter: /.*/, namespace: 'page-modules' }, async () => {
        const { PAGE_KEYS, pageFolder } = await loadSiteModule('shared/paths.ts');
        const loaders = PAGE_KEYS.map(
          (key) => `${JSON.stringify(key)}: () => import(${JSON.stringify(`../pages/${pageFolder(key)}/route.tsx`)})`,
        );
        return {
          contents: `export const PAGE_MODULES = { ${loaders.join(', ')} };`,
          loader: 'js',
          resolveDir: appDir,
          watchFiles: [path.join(root, 'shared', 'paths.ts')],
        };
      });
    },
  };
}
