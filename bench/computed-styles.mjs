// The look of every page, as the browser computes it, from this build and from another
// (BENCH_STYLES_BASE=<its DIST_DIR>): a change that moves CSS (its files, its order in the one
// stylesheet) must leave this at zero differences, or every difference explained.
// Every page of shared/paths.ts in English (a news item, an auction lot, /numbers and
// /identification with a booking too, a page that does not exist), in the light and the dark
// colour scheme, at a phone's width (360) and a desktop's (1280): getComputedStyle of every
// element of the body (and of its ::before and ::after when they have content), with CSS
// animations held at their start and transitions finished, so the clock cannot differ.
// Both sites read one store (seeded by the base first) and share one booking, made through the API.
// Writes both records as JSON (STYLES_OUT, default the system's temp folder), looks again at the
// page views that differ (a difference seen once only is left out), prints the differences grouped
// by element class and property, and exits non-zero if there is any.
// Uses Debian's Chromium headless shell, as the browser tests do (CHROMIUM_PATH to change it).
// STYLES_ONLY=<regular expression>: only the page views whose name (`<url> <scheme> <width>`) matches.
/* global document, getComputedStyle, CSSTransition -- what page.evaluate runs in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { heading } from './lib/format.mjs';
import { DIST_DIR, startSite, tempDir } from './lib/processes.mjs';

const base = process.env.BENCH_STYLES_BASE;
if (!base) {
  console.error('Set BENCH_STYLES_BASE to the DIST_DIR of the build to compare with.');
  process.exit(2);
}
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const OUT = process.env.STYLES_OUT ?? os.tmpdir();
const ONLY = new RegExp(process.env.STYLES_ONLY ?? '');
const WIDTHS = [360, 1280];
const SCHEMES = ['light', 'dark'];
// The booking's keys in localStorage (shared/tokens.ts RESERVATION_TOKEN_KEY, shared/own-bookings.ts OWN_BOOKINGS_KEY).
const RESERVATION_TOKEN_KEY = 'reservation-token';
const OWN_BOOKINGS_KEY = 'own-bookings';
// Map tiles from a data: URL (one grey pixel), as bench/lib/pages.mjs: no request off this machine.
const MAP_TILE_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`);
  return res.json();
}

/** The pages, each with whether it is opened with the booking. */
async function pages(origin) {
  const news = await json(`${origin}/api/v1/news`);
  const lots = await json(`${origin}/api/v1/auctions`);
  const lot = lots.items.find((item) => item.status === 'active') ?? lots.items[0];
  const plain = [
    '/en',
    '/en/news',
    `/en/news/${news.items[0].slug}`,
    '/en/about',
    '/en/oqDay',
    '/en/numbers',
    `/en/numbers?lot=${encodeURIComponent(lot.id)}`,
    '/en/payment',
    '/en/success',
    '/en/constructor',
    '/en/pointsOfSale',
    '/en/identification',
    '/en/identification/retry',
    '/en/specificTariffs',
    '/en/no-such-page',
  ].map((url) => ({ url, booked: false }));
  return [...plain, { url: '/en/numbers', booked: true }, { url: '/en/identification', booked: true }];
}

/** A booking of the first free number, valid on both sites (one store, one JWT secret). */
async function booking(origin) {
  const numbers = await json(`${origin}/api/v1/numbers?pageSize=1`);
  const answer = await json(`${origin}/api/v1/reservations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ number: numbers.items[0].number }),
  });
  return { token: answer.reservationToken, bookingId: answer.reservation.bookingId };
}

/** Until no request but a stream has been open for a second (at most 15 s). */
async function quiet(page) {
  const open = new Set();
  const track = (request) => request.resourceType() !== 'eventsource' && open.add(request);
  const done = (request) => open.delete(request);
  page.on('request', track);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < 1000) {
    await page.waitForTimeout(100);
    if (open.size > 0) quietSince = Date.now();
  }
  page.off('request', track);
  page.off('requestfinished', done);
  page.off('requestfailed', done);
}

/** In the page: every element's computed style, interned in a table (most elements share theirs). */
function collect() {
  // Values that are used values (they follow the layout): kept apart, so the table stays small.
  const LAYOUT =
    /^(width|height|inline-size|block-size|top|right|bottom|left|inset-.*|margin-.*|padding-.*|transform-origin|perspective-origin)$/;
  const ids = new Map();
  const styles = [];
  const intern = (text) => {
    if (!ids.has(text)) {
      ids.set(text, styles.length);
      styles.push(text);
    }
    return ids.get(text);
  };
  const read = (element, pseudo) => {
    const computed = getComputedStyle(element, pseudo);
    const rest = {};
    const layout = {};
    for (let i = 0; i < computed.length; i += 1) {
      const name = computed[i];
      (LAYOUT.test(name) ? layout : rest)[name] = computed.getPropertyValue(name);
    }
    return { s: intern(JSON.stringify(rest)), l: layout };
  };
  const pathOf = (element) => {
    const parts = [];
    for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
      parts.unshift(`${node.localName}:${[...node.parentElement.children].indexOf(node)}`);
    }
    return parts.join('/');
  };
  const elements = [document.documentElement, ...document.body.querySelectorAll('*')];
  elements.splice(1, 0, document.body);
  const records = elements.map((element) => {
    const record = { path: pathOf(element) || 'html', cls: element.getAttribute('class') ?? '', ...read(element) };
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(element, pseudo).getPropertyValue('content');
      if (content !== 'none' && content !== 'normal') record[pseudo] = read(element, pseudo);
    }
    return record;
  });
  return { records, styles };
}

async function record(site, variants, bookingState) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  const styles = [];
  const ids = new Map();
  const result = {};
  try {
    for (const { url, booked, scheme, width, name } of variants) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme, locale: 'en-US' });
      await context.route(
        (target) => !['127.0.0.1', 'localhost'].includes(target.hostname) && target.protocol !== 'data:',
        (route) => route.abort('connectionrefused'),
      );
      if (booked) {
        await context.addInitScript(
          ([keys, state]) => {
            if (localStorage.getItem(keys[0]) === null) localStorage.setItem(keys[0], state.token);
            if (localStorage.getItem(keys[1]) === null) localStorage.setItem(keys[1], JSON.stringify([state.bookingId]));
          },
          [[RESERVATION_TOKEN_KEY, OWN_BOOKINGS_KEY], bookingState],
        );
      }
      const page = await context.newPage();
      await page.goto(`${site.origin}${url}`);
      await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 20_000 });
      await quiet(page);
      await page.evaluate(async () => {
        await document.fonts.ready;
        for (const animation of document.getAnimations()) {
          if (animation instanceof CSSTransition) animation.finish();
          else {
            animation.pause();
            animation.currentTime = 0;
          }
        }
      });
      const { records, styles: local } = await page.evaluate(collect);
      const global = local.map((text) => {
        if (!ids.has(text)) {
          ids.set(text, styles.length);
          styles.push(text);
        }
        return ids.get(text);
      });
      const remap = (entry) => entry && { s: global[entry.s], l: entry.l };
      result[name] = records.map((r) => ({ ...r, ...remap(r), '::before': remap(r['::before']), '::after': remap(r['::after']) }));
      await context.close();
      process.stdout.write('.');
    }
  } finally {
    await browser.close();
  }
  return { variants: result, styles: styles.map((text) => JSON.parse(text)) };
}

/** The differences of one element (or pseudo-element) as `property: base -> this` lines. */
function differences(a, b, baseStyles, thisStyles) {
  if (!a || !b) return a || b ? [`(${a ? 'only in base' : 'only in this build'})`] : [];
  const x = { ...baseStyles[a.s], ...a.l };
  const y = { ...thisStyles[b.s], ...b.l };
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => x[k] !== y[k]).map((k) => `${k}: ${x[k]} -> ${y[k]}`);
}

function compare(before, after) {
  const grouped = new Map();
  let elements = 0;
  const add = (key, name) => {
    if (!grouped.has(key)) grouped.set(key, new Set());
    grouped.get(key).add(name);
  };
  for (const [name, baseRecords] of Object.entries(before.variants)) {
    const theseByPath = new Map(after.variants[name].map((r) => [r.path, r]));
    if (baseRecords.length !== after.variants[name].length)
      add(`(${baseRecords.length} elements in base, ${after.variants[name].length} in this build)`, name);
    for (const r of baseRecords) {
      const t = theseByPath.get(r.path);
      elements += 1;
      if (!t || t.cls !== r.cls) {
        add(`${r.path}: "${r.cls}" in base, ${t ? `"${t.cls}"` : 'missing'} in this build`, name);
        continue;
      }
      for (const part of ['', '::before', '::after']) {
        const lines = part ? differences(r[part], t[part], before.styles, after.styles) : differences(r, t, before.styles, after.styles);
        for (const line of lines) add(`.${r.cls.trim().split(/\s+/).join('.')}${part}  ${line}`, name);
      }
    }
  }
  return { grouped, elements };
}

// Used sizes and positions: they follow any change above them on the page, so they are counted, not listed.
const FOLLOWING =
  / {2}(width|height|inline-size|block-size|perspective-origin|transform-origin|top|right|bottom|left|inset-[a-z-]+|grid-template-(rows|columns)): /;

const variants = [];
const dataDir = tempDir('oq-bench-styles-');
const env = { DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '0', RESERVATION_MINUTES: '240', MAP_TILE_URL };
const baseSite = await startSite({ distDir: path.resolve(base), env });
const thisSite = await startSite({ distDir: DIST_DIR, env });
try {
  const state = await booking(baseSite.origin);
  for (const { url, booked } of await pages(baseSite.origin)) {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const name = `${url}${booked ? ' (booked)' : ''} ${scheme} ${width}`;
        if (ONLY.test(name)) variants.push({ url, booked, scheme, width, name });
      }
    }
  }
  const before = await record(baseSite, variants, state);
  const after = await record(thisSite, variants, state);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'computed-styles-base.json'), JSON.stringify(before));
  fs.writeFileSync(path.join(OUT, 'computed-styles-this.json'), JSON.stringify(after));
  const { grouped, elements } = compare(before, after);
  // A difference counts when it shows again in a second look at its views (a map that drew a moment
  // later, a layout read mid-way through: once in a full run of the same build against itself).
  const again = variants.filter(({ name }) => [...grouped.values()].some((names) => names.has(name)));
  const second = again.length ? compare(await record(baseSite, again, state), await record(thisSite, again, state)).grouped : new Map();
  const kept = [...grouped]
    .filter(([key]) => second.has(key))
    .map(([key, names]) => [key, [...names].filter((name) => second.get(key).has(name))]);
  const passing = grouped.size - kept.length;
  const causes = kept.filter(([key, names]) => names.length > 0 && !FOLLOWING.test(key));
  const following = kept.filter(([key, names]) => names.length > 0 && FOLLOWING.test(key));
  console.log();
  console.log(heading(`Computed styles of ${elements} elements in ${variants.length} page views: this build against ${base}`));
  console.log(`records: ${path.join(OUT, 'computed-styles-{base,this}.json')}`);
  console.log(`${causes.length} differences (element's classes, property: base -> this), ${following.length} of used sizes and positions,`);
  console.log(`${passing} seen once and not on a second look (${again.length} views looked at again)`);
  for (const [key, names] of causes) console.log(`${key}\n    in ${names.length} views, e.g. ${names[0]}`);
  for (const [key, names] of following.slice(0, 10)) console.log(`${key}\n    in ${names.length} views, e.g. ${names[0]}`);
  if (following.length > 10) console.log(`... and ${following.length - 10} more of used sizes and positions`);
  process.exitCode = causes.length === 0 && following.length === 0 ? 0 : 1;
} finally {
  await Promise.all([baseSite.stop(), thisSite.stop()]);
}
