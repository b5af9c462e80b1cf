// The HTML of every page in every language from this build and from another
// (BENCH_HTML_BASE=<its DIST_DIR>), compared byte for byte but for what differs by design on every
// response or build: the CSP nonce, the build id and asset names (with the list of modules to
// preload), and the server's clock. A change made for speed must leave this at zero differences.
// Both sites read one store, seeded by the base first (a newer build migrates it forward).
// Prints the pages that differ with the first difference of each; exits non-zero if any does.
import fs from 'node:fs';
import path from 'node:path';
import { heading } from './lib/format.mjs';
import { DIST_DIR, startSite, tempDir } from './lib/processes.mjs';

const base = process.env.BENCH_HTML_BASE;
if (!base) {
  console.error('Set BENCH_HTML_BASE to the DIST_DIR of the build to compare with.');
  process.exit(2);
}
const PAGES = [
  '/',
  '/numbers',
  '/numbers?category=gold&sort=price_desc',
  '/numbers?mask=XXX-YY-YY',
  '/news',
  '/news?page=2',
  '/news/oq-launches',
  '/constructor',
  '/specificTariffs',
  '/about',
  '/pointsOfSale',
  '/pointsOfSale?city=samarkand',
  '/oqDay',
  '/identification',
  '/payment',
  '/success',
  '/no-such-page',
];
const LANGUAGES = ['', '/en', '/uz'];
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'accept-language': 'ru',
};
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

const normalize = (html) =>
  html
    .replace(/nonce="[^"]+"/g, 'nonce=""')
    .replace(/"buildId":"[^"]+"/g, '"buildId":""')
    .replace(/\/assets\/[^"' )\\]+/g, '/assets/X')
    .replace(/\[(\\?"\/assets\/X\\?",?)+\]/g, '[modules]')
    .replace(/"serverTime":"[^"]+"/g, '"serverTime":""');

const dataDir = tempDir('oq-bench-html-');
const env = { DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '0', PUBLIC_SITE_URL: 'https://oq.uz' };
const baseSite = await startSite({ distDir: path.resolve(base), env });
const thisSite = await startSite({ distDir: DIST_DIR, env });
let same = 0;
const differ = [];
try {
  for (const lang of LANGUAGES) {
    for (const page of PAGES) {
      const url = page === '/' && lang ? lang : `${lang}${page}`;
      for (const [who, headers] of [
        ['browser', BROWSER],
        ['bot', BOT],
      ]) {
        const [a, b] = await Promise.all(
          [baseSite, thisSite].map((site) =>
            fetch(`${site.origin}${url}`, { headers, redirect: 'manual' }).then(
              async (res) => `${res.status}\n${normalize(await res.text())}`,
            ),
          ),
        );
        if (a === b) {
          same += 1;
          continue;
        }
        let i = 0;
        while (a[i] === b[i]) i += 1;
        differ.push(
          `${url} (${who}): base …${JSON.stringify(a.slice(Math.max(0, i - 60), i + 80))}\n   this …${JSON.stringify(b.slice(Math.max(0, i - 60), i + 80))}`,
        );
      }
    }
  }
} finally {
  await Promise.all([baseSite.stop(), thisSite.stop()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
heading(`HTML of ${same + differ.length} pages (17 paths x 3 languages, browser and bot): this build against ${base}`);
console.log(`${same} the same, ${differ.length} different`);
for (const line of differ) console.log(line);
process.exit(differ.length === 0 ? 0 : 1);
