// First-load JavaScript per page of a client build: the files a first visit downloads before
// hydration (the entry, its static imports and start-up stages, the page's chunk and its imports,
// and the chunks of the text sections the document and the page need) with their sizes as served.
// The list is the server's own (modulePreloads of server/site/render/build-manifest.ts over the
// sections of client/framework/page-sections.ts), read from $DIST_DIR/client/manifest.json, so
// nothing is timed: the same build gives the same figures. One count for bench/bundle.mjs, which
// prints it (loaded through site-module.mjs), and bench/first-load.test.ts, which holds every page
// to its budget (bench/budgets.ts) in `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { textModulesOfPages } from '../../client/framework/page-sections';
import { modulePreloads, readBuildManifest, type BuildManifest } from '../../server/site/render/build-manifest';
import type { Language } from '../../shared/languages';
import { PATHS, type PageKey } from '../../shared/paths';
import { FIRST_LOAD_BUDGETS } from '../budgets';

/** The language measured: the default one (its texts are a page's text chunks). */
export const FIRST_LOAD_LANGUAGE: Language = 'ru';

export interface Sizes {
  /** Bytes on disk (minified). */
  raw: number;
  /** The build's `.gz` copy (level 9), as the site and nginx send it; a file without one as it is. */
  gzip: number;
  /** The build's `.br` copy (quality 11), likewise. */
  brotli: number;
  /** What a per-response compressor at gzip level 6 would send, for comparison. */
  gzip6: number;
}

export interface ClientBuild {
  manifest: BuildManifest;
  /** The sizes of one file of the build, by its URL (`/assets/...`). */
  sizeOf(url: string): Sizes;
}

export interface PageFirstLoad {
  page: PageKey;
  /** The page's path (shared/paths.ts). */
  route: string;
  /** Its module, as the manifest names it. */
  source: string;
  /** Every file of its first load, the entry first. */
  urls: string[];
  total: Sizes;
  /** Gzip of the page's own chunks: its module's, less those in every page's first load (its texts apart). */
  pageGzip: number;
  /** Its budget in gzip bytes (bench/budgets.ts). */
  budget: number;
}

/** The client build in `distDir` (`dist/` or $DIST_DIR); throws when there is none. */
export function readClientBuild(distDir: string): ClientBuild {
  const manifest = readBuildManifest(distDir);
  const clientDir = path.join(distDir, 'client');
  const sizes = new Map<string, Sizes>();
  const sizeOf = (url: string): Sizes => {
    let size = sizes.get(url);
    if (!size) {
      const file = path.join(clientDir, url);
      const bytes = fs.readFileSync(file);
      const copy = (suffix: string) => (fs.existsSync(`${file}${suffix}`) ? fs.statSync(`${file}${suffix}`).size : bytes.length);
      size = { raw: bytes.length, gzip: copy('.gz'), brotli: copy('.br'), gzip6: zlib.gzipSync(bytes, { level: 6 }).length };
      sizes.set(url, size);
    }
    return size;
  };
  return { manifest, sizeOf };
}

/** The page's module as the manifest names it (client/app/routes.tsx: newsItem → news-item/route.tsx). */
function pageModule(page: PageKey): string {
  return `client/pages/${page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}/route.tsx`;
}

function sum(sizes: Sizes[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0, gzip6: 0 };
  for (const size of sizes) {
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
    total.gzip6 += size.gzip6;
  }
  return total;
}

/** Every page's first load, in the order of bench/budgets.ts. */
export function firstLoads({ manifest, sizeOf }: ClientBuild): PageFirstLoad[] {
  const everyPage = new Set([manifest.entry, ...manifest.entryImports]);
  return (Object.keys(FIRST_LOAD_BUDGETS) as PageKey[]).map((page) => {
    const source = pageModule(page);
    const sources = [source, ...textModulesOfPages(FIRST_LOAD_LANGUAGE, [page])];
    for (const module of sources) {
      if (!manifest.modules[module])
        throw new Error(`${module} is not in the build manifest: rebuild (node build.mjs), or is the source ahead of the build?`);
    }
    const urls = [manifest.entry, ...modulePreloads(manifest, sources)];
    const { file, imports } = manifest.modules[source];
    const own = [file, ...imports].filter((url) => !everyPage.has(url));
    return {
      page,
      route: PATHS[page],
      source,
      urls,
      total: sum(urls.map(sizeOf)),
      pageGzip: sum(own.map(sizeOf)).gzip,
      budget: FIRST_LOAD_BUDGETS[page],
    };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Empty when the page is within its budget; else a sentence naming it, its size and its budget. */
export function overBudget(load: PageFirstLoad): string {
  if (load.total.gzip <= load.budget) return '';
  return (
    `${load.route} loads ${kB(load.total.gzip)} gzip of JavaScript before hydration, ` +
    `over its budget of ${kB(load.budget)} (bench/budgets.ts) by ${kB(load.total.gzip - load.budget)}`
  );
}
