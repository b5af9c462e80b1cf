// The tables of docs/api.md made from the declarations: the public reads (shared/reads.ts) between
// the `reads:start` and `reads:end` markers, every other operation (shared/writes/) between
// `writes:start` and `writes:end`. `npm run docs:api` writes them; `--check` (run by `npm run lint`)
// fails when a table in the file is not what the declarations make, so the docs never drift from
// the code. The declarations are TypeScript: esbuild bundles them for this run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = path.join(ROOT, 'docs/api.md');

async function declarations() {
  const entry =
    "export { READS } from './shared/reads'; export { WRITES, AUTH_KINDS, refusalsOf } from './shared/writes'; export * as C from './shared/contract';";
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    packages: 'external',
    logLevel: 'error',
  });
  // One file per run: several checkouts may share node_modules and run this at once.
  const file = path.join(ROOT, `node_modules/.cache/api-tables-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const code = (text) => `\`${text}\``;
const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/** The path with its query's parameters, as a client writes it. */
function target(pathName, querySchema) {
  const query = querySchema ? Object.keys(querySchema.shape) : [];
  return query.length > 0 ? `${pathName}?${query.join('&')}` : pathName;
}

export function readsTable(READS, C) {
  const rows = Object.values(READS).map((read) => {
    const errors = [
      `400${read.badRequest ? ' ' + read.badRequest.map(code).join(' / ') : ''}`,
      ...(read.notFound ? [`404 ${code(read.notFound)}`] : []),
      ...(read.queued ? [`429 ${code('too_many_searches')}`, `503 ${code('search_busy')}`] : []),
    ].join(', ');
    const kept = read.maxAgeSeconds === null ? 'never' : `${read.maxAgeSeconds} s`;
    const path = code(target(read.path, read.query && C[read.query]));
    return `| GET | ${path} | ${read.optionalAuth ? 'optional auth' : '–'} | ${read.summary}: ${code(read.answer)} | ${kept} | ${errors} |`;
  });
  return ['| method | path | auth | answer | kept | errors |', '|---|---|---|---|---|---|', ...rows];
}

/** A body's fields, those it may leave out marked `?`. */
function fields(schema) {
  const names = Object.entries(schema.shape).map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name));
  return ` \`{ ${names.join(', ')} }\``;
}

export function writesTable({ WRITES, AUTH_KINDS, refusalsOf, C }) {
  const rows = Object.entries(WRITES).map(([name, write]) => {
    const path = code(target(write.path, write.query && C[write.query])) + (write.body ? fields(C[write.body]) : '');
    const answer = write.events ? '' : `: ${write.answer ? code(write.answer) : 'no content'}`;
    const errors = refusalsOf(name)
      .map(([status, codes]) => [status, ...(codes.length > 0 ? [codes.map(code).join(' / ')] : [])].join(' '))
      .join(', ');
    const auth = write.auth ? AUTH_KINDS[write.auth].text : '–';
    return `| ${write.method.toUpperCase()} | ${path} | ${auth} | ${write.summary}${answer} (${code(name)}) | ${errors} |`;
  });
  return ['| method | path | auth | what, answer (operationId) | errors |', '|---|---|---|---|---|', ...rows];
}

const made = await declarations();
let doc = fs.readFileSync(DOC, 'utf8');
const original = doc;
for (const [name, lines] of [
  ['reads', readsTable(made.READS, made.C)],
  ['writes', writesTable(made)],
]) {
  const [start, end] = markers(name);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`docs/api.md: the markers of the ${name} table are missing (${start} ... ${end})`);
    process.exit(1);
  }
  doc = doc.slice(0, from) + [start, ...lines, end].join('\n') + doc.slice(to + end.length);
}
if (process.argv.includes('--check')) {
  if (doc !== original) {
    console.error('docs/api.md: its tables are not what shared/reads.ts and shared/writes/ declare; run `npm run docs:api`');
    process.exit(1);
  }
} else if (doc !== original) {
  fs.writeFileSync(DOC, doc);
  console.log('docs/api.md: the tables are written');
}
