// bench:streams — 500 live streams on one auction lot for 30 s while bids arrive, on two cluster
// workers (the bids go through whichever worker the connection lands on). Prints whether every
// stream received every bid, the time from an accepted bid (its server time) to the last stream
// receiving it (p50/p99, and per delivery), and the server's memory before the streams, with
// them open, and after they closed. Exits non-zero when a stream missed a bid or a stream failed.
import http from 'node:http';
import { createParser } from 'eventsource-parser';
import { MB, heading, ms, table } from './lib/format.mjs';
import { collectGarbage, cpuSeconds, processTree, rssBytes, sleep, startSite } from './lib/processes.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BID_EVERY_MS = 500;
const LOT = 'lot-006';
const WORKERS = 2;

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

/** One stream as a browser holds it; records when each bid id arrived. */
function openStream(origin, received) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/api/v1/auctions/${LOT}/events`, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      const seen = new Map();
      received.push(seen);
      const parser = createParser({
        onEvent(message) {
          if (message.event === 'snapshot') resolve(req);
          if (message.event === 'bid')
            seen.set(Number(message.id), { at: Date.now(), createdAt: Date.parse(JSON.parse(message.data).bid.createdAt) });
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk) => parser.feed(chunk));
    });
    req.on('error', reject);
  });
}

const site = await startSite({
  workers: WORKERS,
  gcOnSignal: true,
  // Every stream and bid comes from this one address: the per-client limits are lifted for the bench.
  env: { DEMO_SMS_CODE: '123456', LIMIT_STREAMS_PER_CLIENT: String(STREAMS * 2), LIMIT_BIDS_PER_MINUTE: '10000' },
});
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

try {
  console.log(
    heading(
      `bench:streams — ${STREAMS} streams on ${LOT}, ${SECONDS} s, a bid every ${BID_EVERY_MS} ms, WEB_CONCURRENCY=${WORKERS}, ${ROUNDS} rounds`,
    ),
  );
  const phone = '+998935559999';
  await post(site.origin, '/api/v1/auth/sms', { phone });
  const auth = (await post(site.origin, '/api/v1/auth/sms/verify', { phone, code: '123456' })).body.authToken;
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
  if (site.exited()) problems.push(`the server died: ${JSON.stringify(site.exited())}`);
  if (problems.length) {
    console.error(`\nbench:streams failed: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else console.log('\nbench:streams passed: every stream received every bid.');
} finally {
  await site.stop();
}
