// Through the shipped deploy/nginx.conf (run for real, as server/process/deploy-nginx-cache.test.ts
// runs it): requests a second for a page nginx keeps (the site's stored `/`, revalidated each
// second with its ETag) against the same bytes as a static file nginx serves from disk, in one run,
// over HTTPS on 127.0.0.1 with keep-alive. Needs nginx with its brotli module and openssl
// (`.ci/run` installs them). Prints figures; exits non-zero only when a request failed.
import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_HEADERS, failedRequests, measure } from './lib/cannon.mjs';
import { heading, int, ms, table } from './lib/format.mjs';
import { startSite } from './lib/processes.mjs';
import { loadSiteModule } from '../site-module.mjs';

// nginx answers with a certificate made for the run (self-signed).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
process.removeAllListeners('warning');
const duration = Number(process.env.BENCH_DURATION ?? '15');
const warmup = Number(process.env.BENCH_WARMUP ?? '2');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '50');

const support = await loadSiteModule('server/process/deploy-nginx-support.ts');
if (!support.nginxAvailable) {
  console.error(
    'nginx, its brotli_static module or openssl is missing: run `bash .ci/run` once, or apt-get install nginx libnginx-mod-http-brotli-static openssl',
  );
  process.exit(1);
}
const site = await startSite({ env: { TRUST_PROXY: 'loopback' } });
const folder = support.makeNginxFolder();
let proxy;
let failures = 0;
try {
  // All the load comes from 127.0.0.1: without the per-address flood limits, which would refuse it.
  proxy = await support.startNginx(folder, 'bench', [Number(new URL(site.origin).port)], { rateLimits: false });
  // The stored page's bytes as a file beside the build's assets, which nginx serves from disk.
  const page = await (await fetch(`${site.origin}/`, { headers: BROWSER_HEADERS })).text();
  fs.writeFileSync(path.join(folder.assetsRoot, 'assets', 'home.html'), page);
  heading(`Through deploy/nginx.conf: ${connections} connections, ${warmup} s warm-up + ${duration} s each, HTTPS with keep-alive`);
  const rows = [];
  for (const [name, pathname] of [
    ['/ (kept by nginx, revalidated each second)', '/'],
    ['the same bytes as a static file', '/assets/home.html'],
  ]) {
    const result = await measure(proxy.https, { path: pathname, connections, duration, warmup });
    failures += failedRequests(result);
    rows.push([name, int(result.rps), ms(result.p50), ms(result.p99), int(result.bytesPerRequest)]);
  }
  console.log(table(['answer', 'req/s', 'p50', 'p99', 'bytes / request'], rows, ['left', 'right', 'right', 'right', 'right']));
} finally {
  await proxy?.process.stop();
  support.removeNginxFolder(folder);
  await site.stop();
}
if (failures > 0) {
  console.error(`${failures} requests failed`);
  process.exit(1);
}
