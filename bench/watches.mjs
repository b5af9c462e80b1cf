// Watch matching (issue 33): how long one freed number takes to find its watches among 100,000
// standing ones (BENCH_WATCHES), a realistic mix of endings, digits, dates, masks and categories.
// The index (server/api/watches/watch-index.ts) is bundled for Node with esbuild and measured in
// this process: building it, then matching 100,000 random numbers, each timed alone. Run by
// bench:search after the searches (BENCH_SEARCH_ONLY=watch runs it alone). Prints figures; exits
// non-zero only when the index and a plain check of every watch disagree on a sample.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { heading, ms, table } from './lib/format.mjs';
import { ROOT } from './lib/processes.mjs';

const WATCHES = Number(process.env.BENCH_WATCHES ?? 100_000);
const NUMBERS = 100_000;

export async function benchWatches() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-watches-'));
  try {
    const outfile = path.join(dir, 'watch-index.mjs');
    await esbuild.build({
      entryPoints: [path.join(ROOT, 'server/api/watches/watch-index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'silent',
    });
    const { createWatchIndex, watchDate } = await import(outfile);

    let seed = 33;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    const int = (min, max) => min + Math.floor(random() * (max - min + 1));
    const digits = (n) => Array.from({ length: n }, () => String(int(0, 9))).join('');
    const CODES = ['33', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99', '20'];
    const CATEGORIES = ['free', 'bronze', 'silver', 'gold', 'platinum'];
    const LETTERS = ['XXX-YY-YY', 'XXX-XX-XX', '___-XX-XX', '___-XY-XY', 'XYZ-ZY-X_', '___-__-XX'];
    const watches = [];
    for (let i = 0; i < WATCHES; i++) {
      const watch = { id: `w${i}`, category: null, contains: null, endsWith: null, mask: null, date: null };
      const kind = random();
      if (kind < 0.3) watch.endsWith = digits(int(2, 7));
      else if (kind < 0.5) watch.contains = digits(int(2, 6));
      else if (kind < 0.7)
        watch.date = watchDate(`${String(int(1, 28)).padStart(2, '0')}.${String(int(1, 12)).padStart(2, '0')}.${int(1950, 2015)}`);
      else if (kind < 0.95) {
        // Masks: half fixed-digit wishes (a prefix and letters), half letter patterns.
        watch.mask =
          random() < 0.5
            ? `${digits(3)}${['XXYY', 'XYXY', 'XXXX', '__XX'][int(0, 3)]}`
            : LETTERS[int(0, LETTERS.length - 1)].replace(/-/g, '');
      }
      if (kind >= 0.95 || random() < 0.1) watch.category = CATEGORIES[int(0, 4)];
      watches.push(watch);
    }
    const started = performance.now();
    const index = createWatchIndex();
    for (const watch of watches) index.add(watch);
    const buildMs = performance.now() - started;

    const numbers = Array.from({ length: NUMBERS }, () => [`+998${CODES[int(0, CODES.length - 1)]}${digits(7)}`, CATEGORIES[int(0, 4)]]);
    for (const [msisdn, category] of numbers.slice(0, 2000)) index.match(msisdn, category); // warm-up
    const times = new Float64Array(NUMBERS);
    let matched = 0;
    for (let i = 0; i < NUMBERS; i++) {
      const t0 = performance.now();
      matched += index.match(numbers[i][0], numbers[i][1]).length;
      times[i] = performance.now() - t0;
    }
    times.sort();
    const q = (p) => times[Math.min(NUMBERS - 1, Math.floor(p * NUMBERS))];
    return {
      rows: [
        ['standing watches', WATCHES.toLocaleString('en-US')],
        ['index built in', ms(buildMs)],
        ['freed numbers matched', NUMBERS.toLocaleString('en-US')],
        ['watches found per number, mean', (matched / NUMBERS).toFixed(1)],
        ['match, mean', `${((times.reduce((a, b) => a + b, 0) / NUMBERS) * 1000).toFixed(0)} µs`],
        ['match, p50', `${(q(0.5) * 1000).toFixed(0)} µs`],
        ['match, p99', `${(q(0.99) * 1000).toFixed(0)} µs`],
        ['match, max', `${(times[NUMBERS - 1] * 1000).toFixed(0)} µs`],
      ],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(heading(`Watch matching: one freed number against ${WATCHES.toLocaleString('en-US')} watches`));
  const { rows } = await benchWatches();
  console.log(table(['figure', 'value'], rows, ['left', 'right']));
}
