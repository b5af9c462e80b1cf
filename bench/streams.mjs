// bench:streams — live streams on two cluster workers (requests go through whichever worker the
// connection lands on), in two parts (BENCH_STREAMS_ONLY=auction or numbers runs one):
// - auction: 500 streams on one lot for 30 s while bids arrive. Prints whether every stream
//   received every bid, the time from an accepted bid (its server time) to the last stream
//   receiving it (p50/p99, and per delivery), and the server's memory before the streams, with
//   them open, and after they closed.
// - numbers: 500 availability streams, each following 200 numbers (a page of results and a page
//   of near matches; three groups of streams over 600 numbers), while 20 of those numbers a second
//   are reserved for 30 s. Prints the time from sending a reservation to the last stream of its
//   number receiving it (p50/p99, and per delivery).
// Exits non-zero when a stream missed a bid or a reservation, or a stream failed.
import http from 'node:http';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createParser } from 'eventsource-parser';
import { MB, heading, ms, table } from './lib/format.mjs';
import { collectGarbage, cpuSeconds, processTree, rssBytes, sleep, startSite } from './lib/processes.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BID_EVERY_MS = 500;
const LOT = 'lot-006';
const WORKERS = 2;
const ONLY = process.env.BENCH_STREAMS_ONLY ?? null;
const RESERVE_EVERY_MS = 50;
const WATCHED = 200;
const GROUPS = 3;

const treeRss = (pid) => processTree(pid).reduce((sum, p) => sum + rssBytes(p), 0);
const treeCpu = (pid) => processTree(pid).reduce((sum, p) => sum + (cpuSeconds(p) ?? 0), 0);
/** CPU the server's processes use over a quiet while, as a share of one core. */
async function idleCpu(pid, seconds = 5) {
  const start = treeCpu(pid);
  await sleep(seconds * 1000);
  return (treeCpu(pid) - start) / seconds;
}
const core = (share) => `${(share * 100).toFixed(1)} % of a core`;
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};

function post(origin, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${origin}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A stream as a browser holds it: resolves once its first event (`first`) came; `onEvent` sees every event. */
function follow(url, first, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      const parser = createParser({
        onEvent(message) {
          if (message.event === first) resolve(req);
          onEvent(message);
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk) => parser.feed(chunk));
    });
    req.on('error', reject);
  });
}

/** One stream as a browser holds it; records when each bid id arrived. */
function openStream(origin, received) {
  const seen = new Map();
  received.push(seen);
  return follow(`${origin}/api/v1/auctions/${LOT}/events`, 'snapshot', (message) => {
    if (message.event === 'bid')
      seen.set(Number(message.id), { at: Date.now(), createdAt: Date.parse(JSON.parse(message.data).bid.createdAt) });
  });
}

const site = await startSite({
  workers: WORKERS,
  gcOnSignal: true,
  // Every stream and bid comes from this one address: the per-client limits are lifted for the bench.
  env: {
    DEMO_SMS_CODE: '123456',
    LIMIT_STREAMS_PER_CLIENT: String(STREAMS * 2),
    LIMIT_BIDS_PER_MINUTE: '10000',
    LIMIT_RESERVATIONS_PER_HOUR: '100000',
    LIMIT_RESERVATIONS_PER_NETWORK_PER_HOUR: '100000',
    LIMIT_HOLDS_PER_CLIENT: '100000',
    LIMIT_HOLDS_PER_NETWORK: '100000',
    LIMIT_ANONYMOUS_HELD_SHARE: '100',
  },
});

/** The availability part: streams over groups of numbers, and a reservation of one of them every RESERVE_EVERY_MS. */
async function numbersRound() {
  const pool = [];
  for (let page = 1; pool.length < WATCHED * GROUPS; page += 1) {
    const answer = await (await fetch(`${site.origin}/api/v1/numbers?pageSize=100&page=${page}`)).json();
    if (answer.items.length === 0) throw new Error(`only ${pool.length} numbers free`);
    pool.push(...answer.items.map((item) => item.number));
  }
  const groups = Array.from({ length: GROUPS }, (_, g) => pool.slice(g * WATCHED, (g + 1) * WATCHED));
  // Per stream: its group, and when each number's `reserved` first arrived.
  const streams = [];
  const requests = [];
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) => {
      const stream = { group: (i + j) % GROUPS, reserved: new Map() };
      streams.push(stream);
      const url = `${site.origin}/api/v1/numbers/events?numbers=${encodeURIComponent(groups[stream.group].join(','))}`;
      return follow(url, 'snapshot', (message) => {
        if (message.event !== 'status') return;
        const { number, status } = JSON.parse(message.data);
        if (status === 'reserved' && !stream.reserved.has(number)) stream.reserved.set(number, Date.now());
      });
    });
    requests.push(...(await Promise.all(batch)));
  }

  // Every group in turn, so each stream sees a third of the reservations.
  const order = Array.from({ length: WATCHED }, (_, k) => groups.map((group) => group[k])).flat();
  const count = Math.min(order.length, Math.floor((SECONDS * 1000) / RESERVE_EVERY_MS));
  const sent = new Map();
  const answers = [];
  for (const number of order.slice(0, count)) {
    sent.set(number, Date.now());
    answers.push(post(site.origin, '/api/v1/reservations', { number }).then((answer) => answer.status));
    await sleep(RESERVE_EVERY_MS);
  }
  const statuses = await Promise.all(answers);
  await sleep(1500);
  const accepted = [...sent.keys()].filter((_, k) => statuses[k] === 201);
  const groupOf = new Map(groups.flatMap((group, g) => group.map((number) => [number, g])));
  let missing = 0;
  const perDelivery = [];
  const lastPerReservation = accepted.map((number) => {
    let last = 0;
    for (const stream of streams) {
      if (stream.group !== groupOf.get(number)) continue;
      const at = stream.reserved.get(number);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      perDelivery.push(at - sent.get(number));
      last = Math.max(last, at - sent.get(number));
    }
    return last;
  });
  for (const req of requests) req.destroy();
  return {
    accepted: accepted.length,
    missing,
    rows: [
      ['reservations accepted (refused)', `${accepted.length} (${count - accepted.length})`],
      ['deliveries missing', `${missing}`],
      ['reservation sent → last stream of its number, p50', ms(quantile(lastPerReservation, 0.5))],
      ['reservation sent → last stream of its number, p99', ms(quantile(lastPerReservation, 0.99))],
      ['reservation sent → one stream, p50 / p99', `${ms(quantile(perDelivery, 0.5))} / ${ms(quantile(perDelivery, 0.99))}`],
    ],
  };
}
/** One round: the streams opened, bids for SECONDS, the streams closed; what each stream saw and the memory at each step. */
async function round(auth, before) {
  const received = [];
  const requests = [];
  for (let i = 0; i < STREAMS; i += 50) {
    requests.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(site.origin, received)))));
  }
  await collectGarbage(site.pid);
  const open = treeRss(site.pid);
  const openIdle = await idleCpu(site.pid);

  const lot = await (await fetch(`${site.origin}/api/v1/auctions/${LOT}`)).json();
  let amount = lot.minimumBid;
  let accepted = 0;
  let failed = 0;
  const ends = Date.now() + SECONDS * 1000;
  while (Date.now() < ends) {
    const answer = await post(site.origin, `/api/v1/auctions/${LOT}/bids`, { amount }, { Authorization: `Bearer ${auth}` });
    if (answer.status === 201) {
      accepted += 1;
      amount = answer.body.lot.minimumBid;
    } else failed += 1;
    await sleep(BID_EVERY_MS);
  }
  // The last bid's deliveries: well within a second.
  await sleep(1500);

  const ids = new Set(received.flatMap((seen) => [...seen.keys()]));
  const missing = received.reduce((sum, seen) => sum + [...ids].filter((id) => !seen.has(id)).length, 0);
  const perDelivery = received.flatMap((seen) => [...seen.values()].map((d) => d.at - d.createdAt));
  const lastPerBid = [...ids].map((id) =>
    Math.max(...received.map((seen) => (seen.get(id)?.at ?? Infinity) - (seen.get(id)?.createdAt ?? 0))),
  );

  for (const req of requests) req.destroy();
  await sleep(500);
  await collectGarbage(site.pid);
  const after = treeRss(site.pid);
  const closedIdle = await idleCpu(site.pid);
  return {
    accepted,
    failed,
    seen: ids.size,
    missing,
    rows: [
      ['bids accepted (refused)', `${accepted} (${failed})`],
      ['bid events seen by the streams', `${ids.size}`],
      ['deliveries missing', `${missing}`],
      ['accepted bid → last stream, p50', ms(quantile(lastPerBid, 0.5))],
      ['accepted bid → last stream, p99', ms(quantile(lastPerBid, 0.99))],
      ['accepted bid → one stream, p50 / p99', `${ms(quantile(perDelivery, 0.5))} / ${ms(quantile(perDelivery, 0.99))}`],
      ['server memory (RSS, all processes) before the streams', MB(before)],
      [`with ${STREAMS} streams open`, MB(open)],
      ['after the streams closed', MB(after)],
      [`CPU with ${STREAMS} streams open and no bid (5 s)`, core(openIdle)],
      ['CPU after the streams closed (5 s)', core(closedIdle)],
    ],
    after,
  };
}

async function auctionPart() {
  console.log(
    heading(
      `bench:streams — ${STREAMS} streams on ${LOT}, ${SECONDS} s, a bid every ${BID_EVERY_MS} ms, WEB_CONCURRENCY=${WORKERS}, ${ROUNDS} rounds`,
    ),
  );
  const phone = '+998935559999';
  // A code request carries a solved challenge (server/api/auth/sms-challenge.ts), as the site's page sends.
  const challenge = await (await fetch(`${site.origin}/api/v1/auth/sms/challenge?phone=${encodeURIComponent(phone)}`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const { challengeId } = (await post(site.origin, '/api/v1/auth/sms', { phone, altcha })).body;
  const auth = (await post(site.origin, '/api/v1/auth/sms/verify', { phone, code: '123456', challengeId })).body.authToken;
  await collectGarbage(site.pid);
  let before = treeRss(site.pid);
  const rounds = [];
  // A second round on the same server shows whether memory left after the first is reused or keeps growing.
  for (let i = 0; i < ROUNDS; i += 1) {
    const result = await round(auth, before);
    rounds.push(result);
    before = result.after;
  }
  console.log(
    table(
      ['figure', ...rounds.map((_, i) => `round ${i + 1}`)],
      rounds[0].rows.map((row, r) => [row[0], ...rounds.map((result) => result.rows[r][1])]),
      ['left', ...rounds.map(() => 'right')],
    ),
  );
  const problems = [];
  for (const [i, result] of rounds.entries()) {
    if (result.seen !== result.accepted)
      problems.push(`round ${i + 1}: the streams saw ${result.seen} bids of ${result.accepted} accepted`);
    if (result.missing > 0) problems.push(`round ${i + 1}: ${result.missing} deliveries missing`);
  }
  return problems;
}

async function numbersPart() {
  console.log(
    heading(
      `bench:streams — ${STREAMS} availability streams of ${WATCHED} numbers each, a reservation every ${RESERVE_EVERY_MS} ms for ${SECONDS} s, WEB_CONCURRENCY=${WORKERS}`,
    ),
  );
  const result = await numbersRound();
  console.log(table(['figure', 'value'], result.rows, ['left', 'right']));
  const problems = [];
  if (result.accepted === 0) problems.push('no reservation was accepted');
  if (result.missing > 0) problems.push(`${result.missing} availability deliveries missing`);
  return problems;
}

try {
  const problems = [];
  if (ONLY !== 'numbers') problems.push(...(await auctionPart()));
  if (ONLY !== 'auction') problems.push(...(await numbersPart()));
  if (site.exited()) problems.push(`the server died: ${JSON.stringify(site.exited())}`);
  if (problems.length) {
    console.error(`\nbench:streams failed: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else console.log('\nbench:streams passed: every stream received every bid and every reservation.');
} finally {
  await site.stop();
}
