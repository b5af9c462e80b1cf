import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { BuiltServer } from '../testing/built-server';
import { findProgram, freePorts, missingMessage, startProcess, type ServiceProcess } from '../testing/service-processes';

/**
 * Test support for deploy-nginx.test.ts and deploy-nginx-streaming.test.ts: deploy/nginx.conf run
 * for real, Debian's nginx on loopback ports in front of built site processes, with only its
 * ports, paths and certificate replaced.
 */

const NGINX = findProgram('nginx', ['/usr/sbin/nginx']);
const OPENSSL = findProgram('openssl');
// deploy/nginx.conf loads it to send the build's brotli copies of its assets.
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const hasBrotliStatic = fs.existsSync(BROTLI_STATIC);
if (!NGINX) console.warn(missingMessage('nginx', 'nginx'));
if (NGINX && !hasBrotliStatic) console.warn(missingMessage("nginx's brotli_static module", 'libnginx-mod-http-brotli-static'));
if (!OPENSSL) console.warn(missingMessage('openssl', 'openssl'));
/** Whether this machine can run deploy/nginx.conf. */
export const nginxAvailable = Boolean(NGINX && hasBrotliStatic && OPENSSL);
/** Jest's describe, or describe.skip where nginx, its module or openssl is missing; nothing in a plain script (bench/nginx-pages.mjs). */
export const describeWithNginx = (
  typeof describe === 'undefined' ? undefined : nginxAvailable ? describe : describe.skip
) as typeof describe;

const ROOT = path.join(__dirname, '..', '..');
export const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
export const BROWSER = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile Safari/537.36';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request through nginx from a loopback address of its own: nginx limits each address, and
 * the site must see that address, not nginx's.
 */
export function fetchVia(
  url: string,
  options: { from?: string; headers?: Record<string, string>; agent?: http.Agent | https.Agent } = {},
): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        agent: options.agent ?? false,
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
export const nextAddress = () => `127.0.0.${(addressSeq = addressSeq >= 250 ? 10 : addressSeq + 1)}`;

export interface Proxy {
  https: string;
  http: string;
  process: ServiceProcess;
}

/** deploy/nginx.conf with this test's ports, paths and certificate, in front of `upstreams`. */
/**
 * A port found free may be taken by another test's server before nginx binds it: nginx then
 * exits at once saying so, and is started again on other ports.
 */
export async function startNginx(
  { dir, assetsRoot, cert }: NginxFolder,
  name: string,
  upstreams: number[],
  { rateLimits = true }: { rateLimits?: boolean } = {},
): Promise<Proxy> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startNginxOnce(dir, name, upstreams, assetsRoot, cert, rateLimits);
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
  rateLimits: boolean,
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
  replace(/proxy_cache_path \/var\/cache\/nginx\/oq /, `proxy_cache_path ${path.join(dir, `${name}-cache`)} `);
  conf = conf.replaceAll('/etc/nginx/oq-proxy.conf', proxyConf);
  // A benchmark's load comes from one address: the per-address flood limits would answer it 429.
  if (!rateLimits) replace(/^\s*limit_req zone=.*$/gm, '');
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

/** The site processes' settings: behind nginx, logging each request, with the demo SMS code. */
export const SITE_ENV = { TRUST_PROXY: 'loopback', LOG_REQUESTS: 'true', DEMO_SMS_CODE: '123456' };

export const portOf = (server: BuiltServer) => Number(new URL(server.origin).port);

/** A test file's own folder for nginx: its certificate, its config files and the build's assets. */
export interface NginxFolder {
  dir: string;
  cert: { crt: string; key: string };
  assetsRoot: string;
}

export function makeNginxFolder(): NginxFolder {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oq-nginx-'));
  try {
    const cert = { crt: path.join(dir, 'site.crt'), key: path.join(dir, 'site.key') };
    execFileSync(
      OPENSSL!,
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', cert.key, '-out', cert.crt, '-days', '1', '-subj', '/CN=oq.test'],
      { stdio: 'ignore' },
    );
    // The build's assets where nginx (and only nginx) serves them from.
    const assetsRoot = path.join(dir, 'client');
    fs.cpSync(path.join(DIST, 'client', 'assets'), path.join(assetsRoot, 'assets'), { recursive: true });
    return { dir, cert, assetsRoot };
  } catch (error) {
    removeNginxFolder({ dir });
    throw error;
  }
}

export function removeNginxFolder(folder: Pick<NginxFolder, 'dir'> | undefined): void {
  if (folder) fs.rmSync(folder.dir, { recursive: true, force: true });
}
