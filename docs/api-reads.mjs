// The table of the public reads in docs/api.md, made from their declarations (shared/reads.ts):
// `npm run docs:api` writes it between the `reads:start` and `reads:end` markers; `--check` (run by
// `npm run lint`) fails when the table in the file is not what the declarations make, so the docs
// never drift from the code. The declarations are TypeScript: esbuild bundles them for this run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(ROOT, 'docs/api.md');
const START = '<!-- reads:start -->';
const END = '<!-- reads:end -->';

async function declarations() {
  const entry = "export { READS } from './shared/reads'; export * as C from './shared/contract';";
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    packages: 'external',
    logLevel: 'error',
  });
  const file = path.join(ROOT, 'node_modules/.cache/api-reads.mjs');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}

const code = (text) => `\`${text}\``;

export function table(READS, C) {
  const rows = Object.values(READS).map((read) => {
    const query = read.query ? Object.keys(C[read.query].shape) : [];
    const target = query.length > 0 ? `${read.path}?${query.join('&')}` : read.path;
    const errors = [
      `400${read.badRequest ? ' ' + read.badRequest.map(code).join(' / ') : ''}`,
      ...(read.notFound ? [`404 ${code(read.notFound)}`] : []),
      ...(read.queued ? [`429 ${code('too_many_searches')}`, `503 ${code('search_busy')}`] : []),
    ].join(', ');
    const kept = read.maxAgeSeconds === null ? 'never' : `${read.maxAgeSeconds} s`;
    return `| GET | ${code(target)} | ${read.optionalAuth ? 'optional auth' : '–'} | ${read.summary}: ${code(read.answer)} | ${kept} | ${errors} |`;
  });
  return [START, '| method | path | auth | answer | kept | errors |', '|---|---|---|---|---|---|', ...rows, END].join('\n');
}

const { READS, C } = await declarations();
const doc = fs.readFileSync(DOC, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) {
  console.error(`docs/api.md: the markers of the reads table are missing (${START} ... ${END})`);
  process.exit(1);
}
const made = doc.slice(0, from) + table(READS, C) + doc.slice(to + END.length);
if (process.argv.includes('--check')) {
  if (made !== doc) {
    console.error('docs/api.md: the reads table is not what shared/reads.ts declares; run `npm run docs:api`');
    process.exit(1);
  }
} else if (made !== doc) {
  fs.writeFileSync(DOC, made);
  console.log('docs/api.md: the reads table is written');
}
