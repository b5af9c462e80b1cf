// Searches beside the home page (issues 49 and 61): `/` alone first (its idle p99), then 20 clients
// asking for the deepest page a page number reaches (page × pageSize at most NUMBER_SEARCH_DEPTH,
// shared/contract/search-depth.ts), walking by cursor, or asking two-digit `contains` searches at
// random cursors, while `/` is measured again beside them. Each request has its own page size and
// filters, so the API's answer cache (which keeps an answer while the store does not change)
// serves few of them. Run by bench:search on its largest store.
import { BROWSER_HEADERS, measure } from './lib/cannon.mjs';

/** NUMBER_SEARCH_DEPTH of shared/contract/search-depth.ts (checked against the API before measuring). */
const DEPTH = 10_000;
const CLIENTS = Number(process.env.BENCH_DEEP_CLIENTS ?? '20');
const DURATION = Number(process.env.BENCH_DEEP_DURATION ?? '30');
const HOME_CONNECTIONS = Number(process.env.BENCH_DEEP_HOME_CONNECTIONS ?? '2');

const API_JSON = { accept: 'application/json' };
const FILTERS = [
  () => '',
  () => '&sort=price_desc',
  () => '&includeUnavailable=true',
  () => '&category=free&sort=price_desc',
  () => `&pattern=${['repeats', 'mirror', 'sequence'][Math.floor(Math.random() * 3)]}`,
  () => `&contains=${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
  () => `&endsWith=${Math.floor(Math.random() * 10)}`,
];

/** The deepest page of a random page size, with one of a few filters (the first page instead: the reference). */
export function deepPagePath(first = false) {
  const pageSize = 1 + Math.floor(Math.random() * 100);
  const filter = FILTERS[Math.floor(Math.random() * FILTERS.length)]();
  return `/api/v1/numbers?pageSize=${pageSize}&page=${first ? 1 : Math.floor(DEPTH / pageSize)}${filter}`;
}

const twoDigits = () => String(Math.floor(Math.random() * 100)).padStart(2, '0');
/** Pages a walk follows by its cursors before a client starts another walk. */
const WALK_PAGES = 200;

/**
 * Clients walking by cursor (issue 61): each starts a walk (a random page size, one of the seven
 * filters) and follows `nextCursor` for up to WALK_PAGES pages; a finished walk starts another.
 * autocannon resets a connection's context after each request, so the walks under way are kept here.
 */
function cursorWalks() {
  const waiting = [];
  return [
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const walk = waiting.pop() ?? { base: deepPagePath(true), cursor: null, pages: 0 };
        context.walk = walk;
        return { ...req, path: walk.cursor ? `${walk.base}&cursor=${walk.cursor}` : walk.base };
      },
      onResponse: (status, body, context) => {
        const { walk } = context;
        const next = status === 200 ? JSON.parse(body).nextCursor : null;
        if (walk && next && walk.pages < WALK_PAGES) waiting.push({ ...walk, cursor: next, pages: walk.pages + 1 });
      },
    },
  ];
}

/** A cursor at a random place of the catalogue: one of its prices, a random number (issue 61). */
const randomCursor = (prices) =>
  `${prices[Math.floor(Math.random() * prices.length)]}_998${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** What the clients beside `/` ask for: BENCH_DEEP_LOADS (a regular expression of the labels) picks some. */
function loadsOf(prices) {
  const all = [
    ['deepest pages', () => ({ path: deepPagePath })],
    ['walking cursors', () => ({ requests: cursorWalks() })],
    [
      'two-digit contains, random cursors',
      () => ({
        path: () =>
          `/api/v1/numbers?pageSize=${1 + Math.floor(Math.random() * 100)}&contains=${twoDigits()}&cursor=${randomCursor(prices)}`,
      }),
    ],
    ['first pages (reference)', () => ({ path: () => deepPagePath(true) })],
  ];
  const only = process.env.BENCH_DEEP_LOADS ? new RegExp(process.env.BENCH_DEEP_LOADS) : null;
  return all.filter(([label]) => !only || only.test(label));
}

async function status(origin, path) {
  return (await fetch(`${origin}${path}`, { headers: API_JSON })).status;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `/` measured beside CLIENTS connections asking for `path()` (or making `requests`): it starts once they have run 5 s. */
async function beside(origin, { path, requests }) {
  const load = measure(origin, {
    requests: requests ?? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
    headers: API_JSON,
    connections: CLIENTS,
    duration: DURATION + 10,
    warmup: 0,
  });
  await sleep(5_000);
  const home = await measure(origin, { path: '/', headers: BROWSER_HEADERS, connections: HOME_CONNECTIONS, duration: DURATION, warmup: 0 });
  return { load: await load, home };
}

/**
 * The figures of the deep-page row: `/` idle, then beside the deep pages, then beside the first
 * pages of the same sizes and filters (the reference: what any page of that size costs `/`).
 */
export async function benchDeepPages(origin) {
  // The bound as the API applies it: the deepest page answers, the one after it is refused.
  const [deepest, past] = [
    await status(origin, '/api/v1/numbers?pageSize=100&page=100'),
    await status(origin, '/api/v1/numbers?pageSize=100&page=101'),
  ];
  if (deepest !== 200 || past !== 400)
    throw new Error(`the API's bound is not ${DEPTH} results (page 100 of 100: ${deepest}, page 101: ${past})`);
  // The in-memory copy of the numbers for sale is read whole by the first digit search: not here.
  await status(origin, '/api/v1/numbers?contains=1');
  const prices = (await (await fetch(`${origin}/api/v1/numbers/categories`, { headers: API_JSON })).json()).items.map((c) => c.price);
  const idle = await measure(origin, { path: '/', headers: BROWSER_HEADERS, connections: HOME_CONNECTIONS, duration: DURATION, warmup: 5 });
  const loads = [];
  for (const [label, load] of loadsOf(prices)) loads.push({ label, ...(await beside(origin, load())) });
  return { idle, loads, clients: CLIENTS, duration: DURATION, homeConnections: HOME_CONNECTIONS };
}
