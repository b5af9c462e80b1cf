import https from 'node:https';
import { callJson, startBuiltServer, type BuiltServer } from '../testing/built-server';
import type { SmsChallenge } from '../../shared/api-types';
import { solveSmsChallenge } from '../api/test-support/sms-challenge';
import { startFakeApi, type FakeApi } from '../testing/fake-api';
import {
  BROWSER,
  describeWithNginx,
  makeNginxFolder,
  nextAddress,
  portOf,
  removeNginxFolder,
  SITE_ENV,
  startNginx,
  type NginxFolder,
  type Proxy,
} from './deploy-nginx-support';

/** What deploy/nginx.conf passes on as it comes, unbuffered: a page's shell before its data, a lot's live events. */

describeWithNginx('the site behind deploy/nginx.conf', () => {
  let folder: NginxFolder;
  let site: BuiltServer;
  let slowSite: BuiltServer;
  let slowApi: FakeApi;
  let slowProxy: Proxy;
  // In front of one site process: a lot's bids and its stream must come from the same store.
  let oneSiteProxy: Proxy;

  beforeAll(async () => {
    folder = makeNginxFolder();
    slowApi = await startFakeApi(3000, () => ({ items: [], total: 0, page: 1, pageSize: 10 }));
    [site, slowSite] = await Promise.all([
      startBuiltServer(SITE_ENV),
      startBuiltServer({ ...SITE_ENV, API_BASE_URL: slowApi.baseUrl, STREAM_AFTER_MS: '300' }),
    ]);
    slowProxy = await startNginx(folder, 'slow', [portOf(slowSite)]);
    oneSiteProxy = await startNginx(folder, 'one', [portOf(site)]);
  }, 60000);

  afterAll(async () => {
    await Promise.all([slowProxy?.process.stop(), oneSiteProxy?.process.stop()]);
    await Promise.all([site?.stop(), slowSite?.stop()]);
    await slowApi?.close();
    removeNginxFolder(folder);
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
    // The challenge through the same proxy from the same address (nginx's certificate is its own).
    const challenge = await callJson(
      `${oneSiteProxy.https}/api/v1/auth/sms/challenge?phone=${encodeURIComponent(phone)}`,
      'GET',
      undefined,
      {},
      from,
    );
    const altcha = await solveSmsChallenge(challenge.body as unknown as SmsChallenge);
    const sent = await post('/auth/sms', { phone, altcha });
    expect(sent.status).toBe(201);
    const { challengeId } = sent.body as { challengeId: string };
    const { authToken } = (await post('/auth/sms/verify', { phone, code: '123456', challengeId })).body as { authToken: string };

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
});
