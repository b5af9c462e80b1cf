import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '../../shared/languages';
import { href, PAGE_KEYS } from '../../shared/paths';
import { callJson, startBuiltServer, type BuiltServer } from '../testing/built-server';
import { readBuildManifest } from '../site/render/build-manifest';
import { startFakeApi, type FakeApi } from '../testing/fake-api';
import { findProgram, freePorts, missingMessage, startProcess, type ServiceProcess } from '../testing/service-processes';
import { tags } from '../testing/test-html';

/**
 * deploy/nginx.conf run for real: Debian's nginx on loopback ports in front of built site
 * processes, with only its ports, paths and certificate replaced.
 */

const NGINX = findProgram('nginx', ['/usr/sbin/nginx']);
const OPENSSL = findProgram('openssl');
// deploy/nginx.conf loads it to send the build's brotli copies of its assets.
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const hasBrotliStatic = fs.existsSync(BROTLI_STATIC);
if (!NGINX) console.warn(missingMessage('nginx', 'nginx'));
if (NGINX && !hasBrotliStatic) console.warn(missingMessage("nginx's brotli_static module", 'libnginx-mod-http-brotli-static'));
if (!OPENSSL) console.warn(missingMessage('openssl', 'openssl'));
const describeWithNginx = NGINX && hasBrotliStatic && OPENSSL ? describe : describe.skip;

const ROOT = path.join(__dirname, '..', '..');
const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
const BROWSER = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile Safari/537.36';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request through nginx from a loopback address of its own: nginx limits each address, and
 * the site must see that address, not nginx's.
 */
function fetchVia(url: string, options: { from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        agent: false,
        rejectUnauthorized: false,
        localAddress: options.from ?? '127.0.0.1',
        headers: { 'User-Agent': BROWSER, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
  });
}

let addressSeq = 10;
/** A new client address each time (127.0.0.10 … 127.0.0.250). */
const nextAddress = () => `127.0.0.${(addressSeq = addressSeq >= 250 ? 10 : addressSeq + 1)}`;

interface Proxy {
  https: string;
  http: string;
  process: ServiceProcess;
}

/** deploy/nginx.conf with this test's ports, paths and certificate, in front of `upstreams`. */
/**
 * A port found free may be taken by another test's server before nginx binds it: nginx then
 * exits at once saying so, and is started again on other ports.
 */
async function startNginx(
  dir: string,
  name: string,
  upstreams: number[],
  assetsRoot: string,
  cert: { crt: string; key: string },
): Promise<Proxy> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startNginxOnce(dir, name, upstreams, assetsRoot, cert);
    } catch (error) {
      if (attempt >= 3 || !/Address already in use/.test(String(error))) throw error;
    }
  }
}

async function startNginxOnce(
  dir: string,
  name: string,
  upstreams: number[],
  assetsRoot: string,
  cert: { crt: string; key: string },
): Promise<Proxy> {
  // Two ports at once: two separate calls may get the same one, and nginx would then read the
  // plain-HTTP server as a second TLS server on that port ("no ssl_certificate").
  const [httpPort, httpsPort] = await freePorts(2);
  const proxyConf = path.join(dir, `${name}-proxy.conf`);
  fs.copyFileSync(path.join(ROOT, 'deploy', 'oq-proxy.conf'), proxyConf);
  let conf = fs.readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    if (!conf.match(from)) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    conf = conf.replace(from, to);
  };
  // nginx runs as root here (a test's temporary files); the deployed one drops to its user.
  replace(/^user .*;/m, 'user root;');
  replace(/^pid .*;/m, `pid ${path.join(dir, `${name}.pid`)};`);
  replace(/^error_log .*;/m, 'error_log stderr warn;');
  replace(/access_log \/var\/log\/nginx\/oq-access\.log oq;/, `access_log ${path.join(dir, `${name}-access.log`)} oq;`);
  replace(
    / {4}server 127\.0\.0\.1:3001[^\n]*\n {4}server 127\.0\.0\.1:3002[^\n]*\n/,
    upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  // Every server on the two ports, the default ones (names that are not the site's) included.
  replace(/listen 80( default_server)?;/g, `listen 127.0.0.1:${httpPort}$1;`);
  replace(/listen 443 ssl http2( default_server)?;/g, `listen 127.0.0.1:${httpsPort} ssl http2$1;`);
  replace(/\/etc\/nginx\/tls\/oq\.uz\.crt/g, cert.crt);
  replace(/\/etc\/nginx\/tls\/oq\.uz\.key/g, cert.key);
  // The site is reached here by its name and by the test's loopback address (the first name stays
  // the one it redirects to).
  replace(/server_name oq\.uz;/g, 'server_name oq.uz 127.0.0.1;');
  replace(/root \/srv\/oq\/dist\/client;/, `root ${assetsRoot};`);
  conf = conf.replaceAll('/etc/nginx/oq-proxy.conf', proxyConf);
  const file = path.join(dir, `${name}.conf`);
  fs.writeFileSync(file, conf);
  // nginx says nothing when it starts well: it is up once it answers.
  const answers = () =>
    fetchVia(`http://127.0.0.1:${httpPort}/healthz`).then(
      () => true,
      () => false,
    );
  const process = await startProcess(NGINX!, ['-e', 'stderr', '-p', dir, '-c', file, '-g', 'daemon off;'], answers, { timeoutMs: 10000 });
  return { http: `http://127.0.0.1:${httpPort}`, https: `https://127.0.0.1:${httpsPort}`, process };
}

describeWithNginx('the site behind deploy/nginx.conf', () => {
  let dir: string;
  let siteA: BuiltServer;
  let siteB: BuiltServer;
  let slowSite: BuiltServer;
  let slowApi: FakeApi;
  let proxy: Proxy;
  let slowProxy: Proxy;
  // In front of one site process: a lot's bids and its stream must come from the same store.
  let oneSiteProxy: Proxy;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-nginx-'));
    const cert = { crt: path.join(dir, 'site.crt'), key: path.join(dir, 'site.key') };
    execFileSync(
      OPENSSL!,
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', cert.key, '-out', cert.crt, '-days', '1', '-subj', '/CN=oq.test'],
      { stdio: 'ignore' },
    );
    // The build's assets where nginx (and only nginx) serves them from.
    const assetsRoot = path.join(dir, 'client');
    fs.cpSync(path.join(DIST, 'client', 'assets'), path.join(assetsRoot, 'assets'), { recursive: true });
    slowApi = await startFakeApi(3000, () => ({ items: [], total: 0, page: 1, pageSize: 10 }));
    const site = { TRUST_PROXY: 'loopback', LOG_REQUESTS: 'true', DEMO_SMS_CODE: '123456' };
    [siteA, siteB, slowSite] = await Promise.all([
      startBuiltServer(site),
      startBuiltServer(site),
      startBuiltServer({ ...site, API_BASE_URL: slowApi.baseUrl, STREAM_AFTER_MS: '300' }),
    ]);
    const port = (server: BuiltServer) => Number(new URL(server.origin).port);
    proxy = await startNginx(dir, 'main', [port(siteA), port(siteB)], assetsRoot, cert);
    slowProxy = await startNginx(dir, 'slow', [port(slowSite)], assetsRoot, cert);
    oneSiteProxy = await startNginx(dir, 'one', [port(siteB)], assetsRoot, cert);
  }, 60000);

  afterAll(async () => {
    await Promise.all([proxy?.process.stop(), slowProxy?.process.stop(), oneSiteProxy?.process.stop()]);
    await Promise.all([siteA?.stop(), siteB?.stop(), slowSite?.stop()]);
    await slowApi?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every page in all four languages over HTTPS, and sends plain HTTP to HTTPS', async () => {
    const news = JSON.parse((await fetchVia(`${proxy.https}/api/v1/news?pageSize=1`, { from: nextAddress() })).body) as {
      items: { slug: string }[];
    };
    const urls = LANGUAGES.flatMap((lang) =>
      PAGE_KEYS.map((page) => href(page, lang, page === 'newsItem' ? { slug: news.items[0].slug } : {})),
    );
    expect(urls).toHaveLength(52);
    const answers = await Promise.all(
      urls.map((url) => fetchVia(`${proxy.https}${url}`, { from: nextAddress() }).then((answer) => ({ url, answer }))),
    );
    for (const { url, answer } of answers) {
      expect(`${url} ${answer.status}`).toBe(`${url} 200`);
      expect(tags(answer.body, 'h1').length).toBeGreaterThan(0);
    }
    const plain = await fetchVia(`${proxy.http}/en/news?page=2`, { from: nextAddress() });
    expect(plain.status).toBe(301);
    // To the site's own name, whatever name the request used.
    expect(plain.headers.location).toBe('https://oq.uz/en/news?page=2');
  }, 60000);

  it('answers a foreign Host with nothing at all, over HTTP and HTTPS: no redirect to it, no page for it', async () => {
    for (const origin of [proxy.http, proxy.https]) {
      for (const host of ['evil.example', 'oq.uz.evil.example', 'evil.example:80']) {
        const outcome = await fetchVia(`${origin}/en/about`, { from: nextAddress(), headers: { Host: host } }).then(
          (res) => `answered ${res.status} ${String(res.headers.location)}`,
          (error: NodeJS.ErrnoException) => error.code,
        );
        // 444: nginx closes the connection without a status line ("socket hang up").
        expect(`${origin} ${host}: ${outcome}`).toBe(`${origin} ${host}: ECONNRESET`);
      }
    }
    // The site's own name still gets its redirect and its pages.
    const own = await fetchVia(`${proxy.http}/en/about`, { from: nextAddress(), headers: { Host: 'oq.uz' } });
    expect([own.status, own.headers.location]).toEqual([301, 'https://oq.uz/en/about']);
    expect((await fetchVia(`${proxy.https}/en/about`, { from: nextAddress(), headers: { Host: 'oq.uz' } })).status).toBe(200);
  });

  it('gets HSTS and a Secure language cookie over HTTPS', async () => {
    const res = await fetchVia(`${proxy.https}/`, { from: nextAddress(), headers: { 'Accept-Language': 'uz' } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/uz');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['set-cookie']?.find((cookie) => cookie.startsWith('lang=uz'))).toMatch(/; Secure/);
  });

  it('lets the site log the client address nginx saw, never one the client made up', async () => {
    const res = await fetchVia(`${proxy.https}/en/about?from=logged-client`, {
      from: '127.0.0.77',
      headers: { 'X-Forwarded-For': '6.6.6.6' },
    });
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'] as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = `${siteA.output()}\n${siteB.output()}`.split('\n').find((entry) => entry.includes(`"requestId":"${id}"`));
    expect(JSON.parse(line!)).toMatchObject({ path: '/en/about', ip: '127.0.0.77', status: 200 });
  });

  it("serves the hashed assets itself, immutable, as the build's brotli or gzip copy", async () => {
    const manifest = readBuildManifest(DIST);
    const file = path.join(DIST, 'client', manifest.entry);
    for (const [accepts, encoding, copy] of [
      ['gzip, deflate, br', 'br', `${file}.br`],
      ['gzip', 'gzip', `${file}.gz`],
    ]) {
      const res = await fetchVia(`${proxy.https}${manifest.entry}`, { from: nextAddress(), headers: { 'Accept-Encoding': accepts } });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe(encoding);
      // The build's file as it is (its length), not compressed again by nginx (which would send no length).
      expect(Number(res.headers['content-length'])).toBe(fs.statSync(copy).size);
      // The site names every response it answers; nginx's own files carry no such id.
      expect(res.headers['x-request-id']).toBeUndefined();
    }
  });

  it('passes the shell of a page on before its API has answered (3 s), unbuffered', async () => {
    const shell = await new Promise<{ text: string }>((resolve, reject) => {
      const req = https.get(
        `${slowProxy.https}/en/news`,
        { agent: false, rejectUnauthorized: false, localAddress: nextAddress(), headers: { 'User-Agent': BROWSER } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('</footer>')) {
              resolve({ text });
              req.destroy();
            }
          });
          res.on('end', () => reject(new Error('the page ended without a footer')));
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    // The cause, not the clock: the shell came through nginx while the API still held its answer.
    expect(slowApi.calls.some((call) => call.answered)).toBe(false);
    expect(slowApi.calls.length).toBeGreaterThan(0);
    expect(shell.text).toContain('<h1');
  });

  it("passes a live auction's events on as they happen: the snapshot at once, a bid made through it right after", async () => {
    const from = nextAddress();
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      callJson(`${oneSiteProxy.https}/api/v1${path}`, 'POST', body, headers, from);
    const phone = '+998901234500';
    expect((await post('/auth/sms', { phone })).status).toBe(201);
    const { authToken } = (await post('/auth/sms/verify', { phone, code: '123456' })).body as { authToken: string };

    let text = '';
    const waiting = new Set<() => void>();
    const events = https.get(
      `${oneSiteProxy.https}/api/v1/auctions/lot-006/events`,
      { agent: false, rejectUnauthorized: false, localAddress: from, headers: { Accept: 'text/event-stream' } },
      (res) =>
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
          for (const check of waiting) check();
        }),
    );
    const arrived = (name: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} event through nginx: ${text}`)), 5000);
        const check = () => {
          if (!text.includes(`event: ${name}\n`)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    try {
      const snapshot = arrived('snapshot');
      await snapshot;
      const lot = JSON.parse(/event: snapshot\ndata: (.*)\n/.exec(text)![1]) as { minimumBid: number };
      const bid = arrived('bid');
      expect((await post('/auctions/lot-006/bids', { amount: lot.minimumBid }, { Authorization: `Bearer ${authToken}` })).status).toBe(201);
      await bid;
      expect(text).toContain(`"amount":${lot.minimumBid}`);
    } finally {
      events.destroy();
    }
  });

  it('holds one client to its page rate while others pass', async () => {
    const flood = await Promise.all(Array.from({ length: 80 }, () => fetchVia(`${proxy.https}/healthz`, { from: '127.0.0.5' })));
    expect(flood.filter((res) => res.status === 429).length).toBeGreaterThan(0);
    expect((await fetchVia(`${proxy.https}/healthz`, { from: nextAddress() })).status).toBe(200);
  });

  it('fails no request while one of the two site processes stops', async () => {
    const statuses: number[] = [];
    let running = true;
    let stopped = false;
    let answeredAfterStop = 0;
    // Wakes the test each time a visitor is answered, so it waits on answers, not on the clock.
    let answered: () => void = () => undefined;
    const nextAnswer = () => new Promise<void>((resolve) => (answered = resolve));
    const visitor = async () => {
      while (running) {
        statuses.push((await fetchVia(`${proxy.https}/en/about`, { from: nextAddress() })).status);
        if (stopped) answeredAfterStop += 1;
        answered();
      }
    };
    const visitors = Array.from({ length: 4 }, visitor);
    // Visitors flowing through both processes, then one process stops under them.
    while (statuses.length < 8) await nextAnswer();
    const stopping = siteA.stop();
    await stopping;
    stopped = true;
    // Requests sent while it drained were answered; 20 more after it exited go to the other process.
    while (answeredAfterStop < 20) await nextAnswer();
    running = false;
    await Promise.all(visitors);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 30000);
});
