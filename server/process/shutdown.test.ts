import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { get, startBuiltServer } from '../testing/built-server';
import { fakeNewsItem, startFakeApi, type FakeApi } from '../testing/fake-api';
import { openStream } from '../api/test-support/event-stream';

describe('graceful shutdown', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi(1200, fakeNewsItem);
  });
  afterAll(() => api.close());

  it('on SIGTERM finishes the request in flight, accepts no new one and exits 0', async () => {
    const server = await startBuiltServer({ API_BASE_URL: api.baseUrl });
    const { child, origin } = server;
    try {
      const inFlight = get(`${origin}/en/news/in-flight`);
      // In flight: the page has asked the API for its news item, which answers 1.2 s later.
      await api.called('in-flight');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      // Once it has taken the signal (on a busy machine that is not at once), it takes no new connection.
      for (let wait = 0; wait < 1000 && !server.output().includes('SIGTERM received'); wait++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(server.output()).toContain('SIGTERM received');
      await expect(get(`${origin}/healthz`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.body).toContain('Fake news in-flight');
      expect(await exited).toBe(0);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('on SIGTERM closes a keep-alive connection once its request is answered, so the server exits at once', async () => {
    const server = await startBuiltServer({ API_BASE_URL: api.baseUrl });
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60000 });
    try {
      // A connection kept alive by an earlier request, then used for the request in flight.
      await new Promise<void>((resolve, reject) =>
        http.get(`${server.origin}/healthz`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
      let closedByServer = false;
      const inFlight = new Promise<number>((resolve, reject) => {
        http
          .get(`${server.origin}/en/news/kept-alive`, { agent }, (res) => {
            res.socket.once('close', () => (closedByServer = true));
            res.resume().on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      await api.called('kept-alive');
      const exited = new Promise<'exited'>((resolve) => server.child.once('exit', () => resolve('exited')));
      server.child.kill('SIGTERM');
      expect(await inFlight).toBe(200);
      // The server's keep-alive timer (Node's default, 5 s) starts when the answer is written, before
      // this one: were the server waiting for it to close the idle connection, this would fire first.
      const keepAliveTimer = new Promise<'keep-alive timer'>((resolve) => setTimeout(() => resolve('keep-alive timer'), 5000).unref());
      expect(await Promise.race([exited, keepAliveTimer])).toBe('exited');
      expect(closedByServer).toBe(true);
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 90_000);

  it('on SIGTERM ends an open auction stream, so its browser reconnects elsewhere, and exits at once', async () => {
    const server = await startBuiltServer({});
    try {
      const stream = await openStream(`${server.origin}/api/v1/auctions/lot-006/events`);
      expect((await stream.next()).event).toBe('snapshot');
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      await stream.ended;
      expect(await exited).toBe(0);
      // The drain timer (15 s) says so when it fires and forces the exit: the server ended the stream itself.
      expect(server.output()).toContain('SIGTERM received');
      expect(server.output()).not.toContain('Connections did not drain in time');
      expect(stream.raw()).toContain('retry: ');
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('ends the boot with one readable line when the port is already in use', async () => {
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      await expect(startBuiltServer({ PORT: String(port), API_BASE_URL: api.baseUrl })).rejects.toThrow(
        new RegExp(
          `server exited: Cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use \\(set PORT to another port or stop the other process\\)\\.\\n$`,
        ),
      );
    } finally {
      holder.close();
    }
  }, 90_000);
});
