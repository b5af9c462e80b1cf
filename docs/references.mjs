// Every file path and npm script that the README, docs/ and the code's comments name in backticks
// (and every path of ours a comment names without them) must exist: docs that name a file which moved or never existed mislead the next reader.
// Run by `npm run lint` (`node docs/references.mjs`); docs/references.test.ts proves it finds a
// broken reference. Prints each missing reference with where it is named; exits 1 if any.
//
// Hand-written: the linters we use (ESLint, dependency-cruiser, Prettier) check code, not the
// names written in prose and comments, and no kept library does this.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['client', 'server', 'shared', 'bench', 'e2e', 'docs', 'deploy', 'locales', '.ci'];
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
/** Top-level entries of the repository a path may start with; anything else in backticks is not a path of ours. */
const topOf = (root) => new Set(fs.readdirSync(root).filter((name) => !SKIP_DIRS.has(name)));
const EXTENSION = /\.(ts|tsx|mjs|cjs|js|json|md|css|ya?ml|conf|sh|html|svg|png|sql)$/;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** The comments of a source file (line and block), where names of files are written in prose. */
export function commentsOf(source) {
  return (source.match(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g) ?? []).join('\n');
}

/** What a backticked span names, if it is a file path or an npm script. */
export function referencesIn(text, top = topOf(ROOT)) {
  const found = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const script = /^npm (?:run ([\w:-]+)|(test|start))\b/.exec(span);
    if (script) {
      found.push({ kind: 'script', name: script[1] ?? script[2] });
      continue;
    }
    // A path: no spaces, no template parts (<lang>, *, {x}), not a URL or an absolute path.
    const candidate = span.replace(/:\d+(-\d+)?$/, '').replace(/#.*$/, '');
    if (/[\s<>*{}$|()=,;'"]/.test(candidate) || candidate.startsWith('/') || /^\w+:\/\//.test(candidate)) continue;
    // An extension alone (`.mjs`) names a kind of file, not a file.
    if (candidate.startsWith('.') && !candidate.includes('/')) continue;
    const first = candidate.split('/')[0];
    if (
      candidate.includes('/')
        ? (top.has(first) && (EXTENSION.test(candidate) || candidate.endsWith('/'))) || (top.has(first) && first !== candidate)
        : EXTENSION.test(candidate)
    ) {
      found.push({ kind: 'path', name: candidate });
    }
  }
  return found;
}

/** Paths written without backticks in a comment: a top-level folder of ours, then a file with its extension. */
export function barePathPattern(top = topOf(ROOT)) {
  const dirs = [...top].filter((name) => !name.includes('.')).join('|');
  return new RegExp(`(?<![\\w./@-])(?:${dirs})/[\\w./-]*\\w\\.(?:ts|tsx|mjs|cjs|js|json|md|css|ya?ml|conf|sh)\\b`, 'g');
}

export function barePathsIn(text, pattern = barePathPattern()) {
  return [...text.matchAll(pattern)].map(([name]) => ({ kind: 'path', name }));
}

export function checkReferences(root = ROOT) {
  const files = [
    'README.md',
    ...SOURCE_DIRS.flatMap((dir) =>
      (fs.existsSync(path.join(root, dir)) ? walk(path.join(root, dir)) : []).map((f) => path.relative(root, f)),
    ),
  ];
  const docs = files.filter((f) => f.endsWith('.md'));
  const code = files.filter((f) => CODE.test(f)).concat(fs.readdirSync(root).filter((f) => CODE.test(f)));
  const basenames = new Set(files.map((f) => path.basename(f)));
  for (const f of fs.readdirSync(root)) basenames.add(f);
  const top = topOf(root);
  const barePaths = barePathPattern(top);
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  const missing = [];
  for (const file of [...docs, ...code]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const comments = file.endsWith('.md') ? null : commentsOf(text);
    const refs = comments === null ? referencesIn(text, top) : [...referencesIn(comments, top), ...barePathsIn(comments, barePaths)];
    for (const ref of refs) {
      const ok =
        ref.kind === 'script'
          ? ref.name === 'test' || ref.name === 'start' || ref.name in scripts
          : ref.name.includes('/')
            ? fs.existsSync(path.join(root, ref.name)) || fs.existsSync(path.join(root, path.dirname(file), ref.name))
            : basenames.has(ref.name);
      if (!ok) missing.push({ file, ...ref });
    }
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--root DIR` checks another tree (the test's own small repository).
  const at = process.argv.indexOf('--root');
  const missing = checkReferences(at > 0 ? path.resolve(process.argv[at + 1]) : ROOT);
  for (const m of missing)
    console.error(`${m.file}: names ${m.kind === 'script' ? `npm script "${m.name}"` : `\`${m.name}\``}, which does not exist`);
  if (missing.length > 0) process.exit(1);
  console.log('docs/references.mjs: every backticked path and npm script exists');
}
