// One bounded autocannon measurement on loopback: a short warm-up (JIT, lazy chunks, caches),
// then the measured run. Durations are fixed, so every benchmark ends by itself.
import autocannon from 'autocannon';

/** What a visitor's browser sends: a real page render (not the bot path) in Russian, uncompressed. */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'ru-RU,ru;q=0.9',
};

function assertLoopback(origin) {
  const { hostname } = new URL(origin);
  if (!/^127\.\d+\.\d+\.\d+$/.test(hostname) && hostname !== 'localhost' && hostname !== '[::1]') {
    throw new Error(`benchmarks only target loopback addresses, not ${hostname}`);
  }
}

function run(options) {
  // Ctrl-C needs no handling here: processes.mjs kills the servers and exits.
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * @param {string} origin e.g. http://127.0.0.1:4321
 * @param {{ path?: string, requests?: object[], connections?: number, duration?: number, warmup?: number, headers?: object }} options
 */
export async function measure(origin, options = {}) {
  assertLoopback(origin);
  const { path = '/', requests, connections = 50, duration = 10, warmup = 2, headers = BROWSER_HEADERS } = options;
  const base = { url: `${origin}${path}`, connections, headers, timeout: 15, ...(requests ? { requests } : {}) };
  if (warmup > 0) await run({ ...base, duration: warmup });
  const result = await run({ ...base, duration });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    duration: result.duration,
  };
}

/** Requests of a measurement that did not get a 2xx answer: errors, timeouts and other statuses. */
export const failedRequests = (result) => result.errors + result.timeouts + result.non2xx;
