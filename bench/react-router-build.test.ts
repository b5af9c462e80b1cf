import fs from 'node:fs';
import path from 'node:path';

// The site takes react-router as its package exports it: its development build, for the browser
// and the server alike (build.mjs), where it once took its production build by a path into the
// package. That costs nothing while the development build is the production one with its
// development warnings on: the same code and bytes but one flag, checked a few times a render. This
// fails on an upgrade that makes the two differ in anything else: then measure (`npm run bench:cpu`,
// `npm run bench:bundle`) before taking it.

const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/** Each line of a build's files of one kind, counted, with the names its bundler derives from chunk hashes made alike. */
function linesOf(build: 'development' | 'production', extension: '.mjs' | '.js'): Map<string, number> {
  const lines = new Map<string, number>();
  for (const file of fs.readdirSync(path.join(dist, build))) {
    if (!file.endsWith(extension) || file.endsWith(`.d${extension}`)) continue;
    const text = fs.readFileSync(path.join(dist, build, file), 'utf8');
    for (const line of text
      .replace(/chunk-[A-Z0-9]+\.(m?js)/g, 'chunk.$1')
      .replace(/_chunk[A-Z0-9]+js\b/g, '_chunk')
      .split('\n'))
      lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  return lines;
}

/** The lines one counted build has that the other has not (as many times). */
function onlyIn(a: Map<string, number>, b: Map<string, number>): string[] {
  return [...a].filter(([line, count]) => (b.get(line) ?? 0) !== count).map(([line]) => line.trim());
}

describe('react-router’s exported build', () => {
  it('is its development build (the package exports no production one)', () => {
    const exported = require.resolve('react-router');
    expect(exported.split(path.sep)).toContain('development');
  });

  it.each(['.mjs', '.js'] as const)('differs from its production build (%s) by its development warnings alone', (extension) => {
    const development = linesOf('development', extension);
    const production = linesOf('production', extension);
    expect(development.size).toBeGreaterThan(1000);
    expect(onlyIn(development, production)).toEqual(['var ENABLE_DEV_WARNINGS = true;']);
    expect(onlyIn(production, development)).toEqual(['var ENABLE_DEV_WARNINGS = false;']);
  });
});
