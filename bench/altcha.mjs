// What one SMS challenge (server/api/auth/sms-challenge.ts, ALTCHA v2 with PBKDF2/SHA-256) costs:
// the API's side, issuing one (a key derived at the challenge's cost) and checking a solution
// (one HMAC), measured in this process; and the visitor's side, solving it, in Debian's Chromium
// with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, as bench:hydration's slow phone),
// by the same code as the site's solver chunk (altcha-lib's solveChallenge with the browser's
// WebCrypto PBKDF2), bundled here by esbuild. Both at level 0 (a quiet hour) and at the top level
// (the open part of the hour's SMS spent), with the launch defaults (SMS_CHALLENGE_WORK,
// SMS_CHALLENGE_MAX_FACTOR; set them to measure others). The counter is drawn at random, so each
// figure is the median of RUNS challenges, with the slowest. Prints a table; never a timed test.
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { heading, loadAverage, ms, table } from './lib/format.mjs';
import { ROOT } from './lib/processes.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = 4;
const RUNS = Number(process.env.ALTCHA_RUNS ?? 7);
const WORK = Number(process.env.SMS_CHALLENGE_WORK ?? 900);
const MAX_FACTOR = Number(process.env.SMS_CHALLENGE_MAX_FACTOR ?? 16);
const TOP = Math.round(Math.log2(MAX_FACTOR));
// As the API's own (server/api/auth/sms-challenge.ts): its algorithm and cost per key.
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
const SECRET = 'bench-secret';
const KEY_SECRET = 'bench-key-secret';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const randomCounter = (level) => {
  // As the API draws it (server/api/auth/sms-challenge.ts): from 0 to the level's ceiling.
  return Math.floor(Math.random() * (WORK * 2 ** level + 1));
};

async function issue(level) {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomCounter(level),
    deriveKey,
    data: { phone: '+998901234567', level, expires: Date.now() + 300_000 },
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
}

/** The API's side: issue and verify, each timed alone, at the level. */
async function serverSide(level) {
  const issued = [];
  const verified = [];
  const nodeSolve = [];
  for (let i = 0; i < RUNS; i += 1) {
    let start = performance.now();
    const challenge = await issue(level);
    issued.push(performance.now() - start);
    start = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    nodeSolve.push(performance.now() - start);
    start = performance.now();
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: KEY_SECRET,
    });
    verified.push(performance.now() - start);
    if (!result.verified) throw new Error('a solution was not verified');
  }
  return { issued, verified, nodeSolve };
}

/** The site's solver, as its chunk runs it: altcha-lib's solveChallenge with WebCrypto's PBKDF2. */
async function solverScript() {
  const bundled = await build({
    stdin: {
      contents: `import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
globalThis.solve = async (challenge) => {
  const start = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { ms: performance.now() - start, counter: solution.counter };
};`,
      resolveDir: ROOT,
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
  });
  return bundled.outputFiles[0].text;
}

async function browserSide(levels) {
  const script = await solverScript();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // http://localhost is a secure context: WebCrypto is there, as on the site's https pages.
    await page.route('http://localhost/altcha', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>altcha</title><script>${script}</script>` }),
    );
    await page.goto('http://localhost/altcha');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const results = {};
    for (const level of levels) {
      results[level] = [];
      for (let i = 0; i < RUNS; i += 1)
        results[level].push(await page.evaluate((challenge) => globalThis.solve(challenge), await issue(level)));
    }
    return results;
  } finally {
    await browser.close();
  }
}

console.log(
  heading(
    `bench:altcha — one SMS challenge, ${ALGORITHM} at ${COST} iterations a key, SMS_CHALLENGE_WORK=${WORK}, SMS_CHALLENGE_MAX_FACTOR=${MAX_FACTOR}, ${RUNS} runs`,
  ),
);
console.log(`load average before: ${loadAverage()}`);
const levels = [0, TOP];
const server = {};
for (const level of levels) server[level] = await serverSide(level);
const browser = await browserSide(levels);
const rows = levels.map((level) => {
  const solved = browser[level].map((run) => run.ms);
  return [
    `level ${level} (${WORK * 2 ** level} keys at most)`,
    ms(median(server[level].issued)),
    ms(median(server[level].verified)),
    `${ms(median(server[level].nodeSolve))} (${ms(Math.max(...server[level].nodeSolve))})`,
    `${ms(median(solved))} (${ms(Math.max(...solved))})`,
  ];
});
console.log(
  table(
    [
      'challenge',
      'API: issue',
      'API: verify',
      'solve, Node (one core): median (slowest)',
      `solve, Chromium ${SLOWDOWN}x slower: median (slowest)`,
    ],
    rows,
    ['left', 'right', 'right', 'right', 'right'],
  ),
);
console.log(`load average after: ${loadAverage()}`);
