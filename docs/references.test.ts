import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// docs/references.mjs is a plain ESM script (`npm run lint` runs it); the test runs it the same way.
const SCRIPT = path.join(__dirname, 'references.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

describe('docs/references.mjs, the check that docs name only what exists', () => {
  it('finds every backticked path and npm script of this repository', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('reports a missing file, a moved one named in a comment, and an npm script that is not there', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-references-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      };
      write('package.json', JSON.stringify({ scripts: { lint: 'eslint .' } }));
      write('client/present.tsx', 'export {};\n');
      write('server/here.ts', '// See server/here.ts and (server/gone.ts); `npm run lint` checks it.\nexport const a = 1;\n');
      write(
        'docs/guide.md',
        'Run `npm run lint`, then `npm run lint:imports`; the code is in `server/here.ts` and `client/missing.tsx`, the page at `/en/numbers`.\n',
      );
      write('README.md', 'Start with `npm start`; read `docs/guide.md` and `here.ts`.\n');
      const result = run('--root', root);
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n').sort()).toEqual([
        'docs/guide.md: names `client/missing.tsx`, which does not exist',
        'docs/guide.md: names npm script "lint:imports", which does not exist',
        'server/here.ts: names `server/gone.ts`, which does not exist',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
