import { retitleNewestNews } from '../testing/store-writes';
import { findProgram, freePort, missingMessage, startProcess, type ServiceProcess } from '../testing/service-processes';
import { get, startBuiltServer, startCluster, type BuiltServer } from '../testing/built-server';

/**
 * The page store across processes: a change written through any worker or process on the same
 * store is on the very next page any of them serves, and each renders the page once for it.
 */

/** A page over a connection of its own (so the cluster's round robin spreads them): its cache header and body. */
async function page(origin: string, pathname: string): Promise<{ cache: string; body: string }> {
  const answer = await get(`${origin}${pathname}`);
  return { cache: String(answer.headers['x-page-cache']), body: answer.body };
}

async function pages(origins: string[], count: number): Promise<Array<{ cache: string; body: string }>> {
  const answers = [];
  for (let i = 0; i < count; i += 1) answers.push(await page(origins[i % origins.length], '/en/news'));
  return answers;
}

/** Stored pages everywhere, a change, then: every answer shows it, and at most one render per process. */
async function expectChangeSeenEverywhere(origins: string[], dataDir: string, processes: number): Promise<void> {
  await pages(origins, 4 * processes);
  const warm = await pages(origins, 4 * processes);
  expect(warm.every((answer) => answer.cache === 'HIT')).toBe(true);
  for (const title of ['First changed title', 'Second changed title']) {
    retitleNewestNews(dataDir, title);
    const after = await pages(origins, 4 * processes);
    expect(after.filter((answer) => !answer.body.includes(title))).toEqual([]);
    const renders = after.filter((answer) => answer.cache === 'MISS').length;
    expect(renders).toBeGreaterThanOrEqual(1);
    expect(renders).toBeLessThanOrEqual(processes);
  }
}

describe('the page store across processes', () => {
  it('with two cluster workers: a change is on the next page either serves, rendered once by each', async () => {
    const server: BuiltServer = await startCluster({ PAGE_CACHE_SECONDS: '30' });
    try {
      await expectChangeSeenEverywhere([server.origin], server.dataDir, 2);
    } finally {
      await server.stop();
    }
  }, 60_000);

  const REDIS = findProgram('redis-server');
  if (!REDIS) console.warn(missingMessage('redis-server', 'redis-server'));
  (REDIS ? it : it.skip)(
    'with two site processes sharing Redis and the store: the same',
    async () => {
      const port = await freePort();
      const redis: ServiceProcess = await startProcess(
        REDIS!,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        /Ready to accept connections/,
      );
      const env = { REDIS_URL: `redis://127.0.0.1:${port}`, PAGE_CACHE_SECONDS: '30' };
      // The first seeds the store; the second opens it as it is.
      const a = await startBuiltServer(env);
      let b: BuiltServer | null = null;
      try {
        b = await startBuiltServer({ ...env, DATA_DIR: a.dataDir });
        await expectChangeSeenEverywhere([a.origin, b.origin], a.dataDir, 2);
      } finally {
        await b?.stop();
        await a.stop();
        await redis.stop();
      }
    },
    60_000,
  );
});
