import http from 'node:http';
import { createInProcessAgent, IN_PROCESS_ORIGIN } from './in-process';
import { createTestApp, listenOnLoopback, type Listening, type TestApp } from './test-app';

/** An answer as bytes: status line, headers as sent (but the per-response ones), body. */
function raw(url: string, agent: http.Agent | false, method = 'GET', body?: string, timeout?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent, timeout, headers: { 'X-Language': 'uz', 'Accept-Encoding': 'identity', ...(body ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!/^(date|x-request-id|connection|keep-alive)$/i.test(res.rawHeaders[i])) headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          resolve(`${res.statusCode} ${res.statusMessage}\n${headers.join('\n')}\n\n${Buffer.concat(chunks).toString('latin1')}`);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the embedded API in the same process', () => {
  let t: TestApp;
  let listening: Listening;
  let origin: string;
  beforeAll(async () => {
    t = createTestApp();
    listening = await listenOnLoopback(t.app);
    origin = listening.origin;
  });
  afterAll(async () => {
    await listening.close();
    t.close();
  });

  it.each([
    ['GET', '/api/v1/tariffs'],
    ['GET', '/api/v1/numbers?category=gold&pageSize=3'],
    ['GET', '/api/v1/news/no-such-item'],
    ['GET', '/api/v1/numbers?junk=1'],
    ['POST', '/api/v1/tariff-constructor/quote'],
  ])('answers %s %s with the same bytes through memory as over TCP', async (method, path) => {
    const agent = createInProcessAgent(t.app);
    try {
      const overTcp = await raw(`${origin}${path}`, false, method, method === 'POST' ? '{"internetGb":1}' : undefined);
      const inMemory = await raw(`${IN_PROCESS_ORIGIN}${path}`, agent, method, method === 'POST' ? '{"internetGb":1}' : undefined);
      expect(inMemory).toBe(overTcp);
      expect(overTcp).toMatch(/^\d{3} /);
    } finally {
      agent.destroy();
    }
  });

  it('leaves no listener behind on a kept-alive memory connection, however many requests it carries', async () => {
    const agent = createInProcessAgent(t.app);
    try {
      // With a timeout, as the server's client sets one (10 s) on every call.
      for (let i = 0; i < 30; i += 1) await raw(`${IN_PROCESS_ORIGIN}/api/v1/tariffs`, agent, 'GET', undefined, 10_000);
      const sockets = Object.values(agent.freeSockets).flat();
      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.listenerCount('timeout')).toBeLessThanOrEqual(1);
    } finally {
      agent.destroy();
    }
  });

  it('carries many requests over kept-alive memory connections, in parallel', async () => {
    const agent = createInProcessAgent(t.app);
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => raw(`${IN_PROCESS_ORIGIN}/api/v1/news?page=${(i % 3) + 1}`, agent)));
      expect(answers.every((answer) => answer.startsWith('200 OK'))).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
