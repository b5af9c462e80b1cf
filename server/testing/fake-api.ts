import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in operator API for fault tests: answers every call after `delayMs` with `body`. */
export interface FakeApi {
  baseUrl: string;
  /** Calls the site made, whether each was answered, and whether it was abandoned before the answer. */
  calls: { path: string; answered: boolean; abandoned: boolean }[];
  /** Resolves once the site has called a path containing `fragment` (at once if it already has). */
  called(fragment: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeApi(delayMs: number, body: (path: string) => unknown): Promise<FakeApi> {
  const calls: FakeApi['calls'] = [];
  const waiting = new Set<{ fragment: string; resolve: () => void }>();
  const server = http.createServer((req, res) => {
    const call = { path: req.url ?? '', answered: false, abandoned: false };
    calls.push(call);
    for (const wait of waiting) {
      if (call.path.includes(wait.fragment)) {
        waiting.delete(wait);
        wait.resolve();
      }
    }
    const timer = setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body(call.path)));
      call.answered = true;
    }, delayMs);
    res.on('close', () => {
      if (!res.writableFinished) {
        call.abandoned = true;
        clearTimeout(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    calls,
    called: (fragment) =>
      calls.some((call) => call.path.includes(fragment))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.add({ fragment, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A news item as the API returns it, for pages that need one. */
export function fakeNewsItem(path: string) {
  const slug = path.split('/').pop()?.split('?')[0] ?? 'item';
  return {
    slug,
    title: `Fake news ${slug}`,
    summary: 'A summary',
    body: 'First paragraph.\n\nSecond paragraph.',
    publishedAt: '2026-11-01',
    image: { url: '/images/news/fake.svg', width: 1200, height: 630 },
  };
}
