import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../shared/languages';
import { href, PAGE_KEYS } from '../../shared/paths';
import { startBuiltServer, type BuiltServer } from '../testing/built-server';
import { readBuildManifest } from '../site/render/build-manifest';
import { tags } from '../testing/test-html';
import {
  describeWithNginx,
  DIST,
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
 * deploy/nginx.conf run for real: Debian's nginx on loopback ports in front of built site
 * processes, with only its ports, paths and certificate replaced. Streaming through it:
 * deploy-nginx-streaming.test.ts.
 */

describeWithNginx('the site behind deploy/nginx.conf', () => {
  let folder: NginxFolder;
  let siteA: BuiltServer;
  let siteB: BuiltServer;
  let proxy: Proxy;

  beforeAll(async () => {
    folder = makeNginxFolder();
    [siteA, siteB] = await Promise.all([startBuiltServer(SITE_ENV), startBuiltServer(SITE_ENV)]);
    proxy = await startNginx(folder, 'main', [portOf(siteA), portOf(siteB)]);
  }, 60000);

  afterAll(async () => {
    await proxy?.process.stop();
    await Promise.all([siteA?.stop(), siteB?.stop()]);
    removeNginxFolder(folder);
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
  }, 90_000);
});
