import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import { retitleNewestNews } from '../testing/store-writes';
import { startBuiltServer, type BuiltServer } from '../testing/built-server';
import {
  describeWithNginx,
  fetchVia,
  makeNginxFolder,
  nextAddress,
  portOf,
  removeNginxFolder,
  SITE_ENV,
  startNginx,
  type NginxFolder,
  type Proxy,
} from './deploy-nginx-support';

/**
 * deploy/nginx.conf as the shared tier of the page store: it keeps the pages the site stored for
 * the second their Cache-Control allows, then revalidates them with their ETag, and lets one
 * request through for a page that changed while the others wait for it.
 */

/** Requests for `pathname` the site has logged (LOG_REQUESTS): what reached it through nginx. */
const reached = (site: BuiltServer, pathname: string) =>
  site
    .output()
    .split('\n')
    .filter((line) => line.includes(`"path":"${pathname}"`)).length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** s-maxage=1 as nginx keeps it: to the end of the next whole second on its clock. */
const NGINX_SECOND = 2100;

describeWithNginx('pages kept by deploy/nginx.conf', () => {
  let folder: NginxFolder;
  let site: BuiltServer;
  let proxy: Proxy;

  beforeAll(async () => {
    folder = makeNginxFolder();
    site = await startBuiltServer(SITE_ENV);
    // The burst below comes from one address: without the per-address flood limits (tested in deploy-nginx.test.ts).
    proxy = await startNginx(folder, 'cache', [portOf(site)], { rateLimits: false });
  }, 60000);

  afterAll(async () => {
    await proxy?.process.stop();
    await site?.stop();
    removeNginxFolder(folder);
  });

  it("matches crawlers as the site does: nginx's pattern is the site's", () => {
    const conf = fs.readFileSync(path.join(__dirname, '..', '..', 'deploy', 'nginx.conf'), 'utf8');
    const site = /const BOT_PATTERN =\s*\/(.*)\/i;/s.exec(
      fs.readFileSync(path.join(__dirname, '..', 'site', 'http', 'bots.ts'), 'utf8'),
    )![1];
    expect(conf).toContain(`"~*(${site.trim()})" bot;`);
  });

  it("serves a stored page from nginx within its second, revalidates it after (a 304 from the site), and shows a change within nginx's two-second bound", async () => {
    const page = `${proxy.https}/en/news`;
    const first = await fetchVia(page, { from: nextAddress() });
    expect(first.status).toBe(200);
    const again = await fetchVia(page, { from: nextAddress() });
    expect(again.headers['x-cache-status']).toBe('HIT');
    expect(again.body).toBe(first.body);
    // Past the second (nginx counts whole seconds: up to two): nginx asks the site with the
    // page's ETag, and keeps its copy on a 304.
    await sleep(NGINX_SECOND);
    const revalidated = await fetchVia(page, { from: nextAddress() });
    expect(revalidated.headers['x-cache-status']).toBe('REVALIDATED');
    expect(revalidated.body).toBe(first.body);

    retitleNewestNews(site.dataDir, 'Changed behind nginx');
    await sleep(NGINX_SECOND);
    const changed = await fetchVia(page, { from: nextAddress() });
    expect(changed.body).toContain('Changed behind nginx');
  }, 90_000);

  it('lets a burst of 200 requests for a page that just changed reach the site once', async () => {
    const pathname = '/en/news';
    await fetchVia(`${proxy.https}${pathname}`, { from: nextAddress() });
    retitleNewestNews(site.dataDir, 'Changed before a burst');
    // nginx's copy is past its second: the next request must go to the site.
    await sleep(NGINX_SECOND);
    const before = reached(site, pathname);
    // 200 requests at once over 20 kept-alive connections: 20 TLS handshakes, not 200, so the burst
    // fits well inside one of nginx's seconds even on a busy machine.
    const agent = new https.Agent({ keepAlive: true, maxSockets: 20, rejectUnauthorized: false });
    const answers = await Promise.all(Array.from({ length: 200 }, () => fetchVia(`${proxy.https}${pathname}`, { agent }))).finally(() =>
      agent.destroy(),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    // One asked the site and got the changed page; the others were given a copy meanwhile.
    const fetched = answers.filter((answer) => answer.headers['x-cache-status'] === 'EXPIRED');
    expect(fetched).toHaveLength(1);
    expect(fetched[0].body).toContain('Changed before a burst');
    // The site logs a request when it has answered: give the last line a moment to be written.
    await sleep(200);
    expect(reached(site, pathname) - before).toBe(1);
    // From then on every request has the change.
    expect((await fetchVia(`${proxy.https}${pathname}`, { from: nextAddress() })).body).toContain('Changed before a burst');
  }, 60000);
});
