import path from 'node:path';
import { firstLoads, overBudget, readClientBuild } from './lib/first-load';

// The build `npm test` has just made (dist/, or $DIST_DIR as for every other test reading a build).
const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');

// Sizes from the build's manifest and files, not timed: the same build always gives the same figures
// (bench/lib/first-load.ts, which `npm run bench:bundle` prints).
describe('the JavaScript a first visit downloads before hydration (bench/budgets.ts)', () => {
  const loads = firstLoads(readClientBuild(DIST_DIR));

  it.each(loads.map((load) => [load.route, load]))('%s is within its gzip budget', (_route, load) => {
    expect(overBudget(load)).toBe('');
  });
});
