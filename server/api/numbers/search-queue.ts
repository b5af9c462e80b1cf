import type { ReadCaller } from '../read-handler';
import { serviceBusy, tooManyRequests } from '../http/limits';

/**
 * The turns of the number search's threads. piscina queues every task in one line, without a
 * bound or a priority, so a crowd of dear searches once held every page that needs a search
 * (`/` among them) for minutes, and searches whose clients had gone kept running. Here, before
 * piscina: the site's own renders go first and always have a thread of their own (the pool has one
 * more thread than the API's searches may hold); the API's searches wait in a bounded line, a few
 * per client, for a bounded time, and one whose client has gone leaves the line. A search already
 * in a thread runs to its end: a thread stopped inside a better-sqlite3 call can abort the process.
 */
export interface SearchQueueLimits {
  /** Threads the API's searches may hold at once (the pool has one more, kept for the site). */
  apiThreads: number;
  /** The API's searches that may wait at once, all clients together. */
  apiWaiting: number;
  /** The API's searches one client may have waiting or running at once. */
  perClient: number;
  /** How long an API search may wait for a thread before it is answered 503. */
  apiWaitMs: number;
  /** The site's searches that may wait at once (a render waits at most RENDER_TIMEOUT_MS anyway). */
  siteWaiting: number;
}

export const DEFAULT_SEARCH_QUEUE = (apiThreads: number): SearchQueueLimits => ({
  apiThreads,
  apiWaiting: 16 * apiThreads,
  perClient: 4,
  apiWaitMs: 5_000,
  siteWaiting: 200,
});

/** How long a refused search is told to wait: about one dear search's time. */
export const SEARCH_RETRY_MS = 5_000;

interface Waiting {
  lane: ReadCaller['lane'];
  client: string | undefined;
  start: () => void;
  refuse: (error: unknown) => void;
}

export function createSearchQueue(limits: SearchQueueLimits) {
  const site: Waiting[] = [];
  const api: Waiting[] = [];
  let siteRunning = 0;
  let apiRunning = 0;
  const perClient = new Map<string, number>();
  const totalThreads = limits.apiThreads + 1;

  const countClient = (client: string | undefined, by: number) => {
    if (!client) return;
    const count = (perClient.get(client) ?? 0) + by;
    if (count > 0) perClient.set(client, count);
    else perClient.delete(client);
  };

  /** Starts what may start: the site first, on any free thread; the API within its threads. */
  const dispatch = () => {
    while (siteRunning + apiRunning < totalThreads) {
      const next = site.length > 0 ? site.shift() : apiRunning < limits.apiThreads ? api.shift() : undefined;
      if (!next) return;
      if (next.lane === 'site') siteRunning += 1;
      else apiRunning += 1;
      next.start();
    }
  };

  /**
   * Runs `work` on its turn and resolves with its answer; rejects with 429 too_many_searches or
   * 503 search_busy when the line refuses it or its client has gone.
   */
  function run<T>(caller: ReadCaller, work: () => Promise<T>): Promise<T> {
    const { lane, client, signal } = caller;
    if (lane === 'api') {
      if (client && (perClient.get(client) ?? 0) >= limits.perClient)
        return Promise.reject(tooManyRequests('too_many_searches', SEARCH_RETRY_MS, { limit: limits.perClient }));
      if (api.length >= limits.apiWaiting) return Promise.reject(serviceBusy('search_busy', SEARCH_RETRY_MS));
    } else if (site.length >= limits.siteWaiting) return Promise.reject(serviceBusy('search_busy', SEARCH_RETRY_MS));
    if (signal?.aborted) return Promise.reject(serviceBusy('search_busy', SEARCH_RETRY_MS));
    countClient(client, 1);
    return new Promise<T>((resolve, reject) => {
      const line = lane === 'site' ? site : api;
      let timer: NodeJS.Timeout | undefined;
      const leave = (error: unknown) => {
        const at = line.indexOf(waiting);
        if (at < 0) return;
        line.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        countClient(client, -1);
        reject(error);
      };
      // Its client has gone: nobody reads the answer (a 503 that is never sent, and never logged).
      const onAbort = () => leave(serviceBusy('search_busy', SEARCH_RETRY_MS));
      const waiting: Waiting = {
        lane,
        client,
        refuse: leave,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          work()
            .then(resolve, reject)
            .finally(() => {
              if (lane === 'site') siteRunning -= 1;
              else apiRunning -= 1;
              countClient(client, -1);
              dispatch();
            });
        },
      };
      line.push(waiting);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (lane === 'api') timer = setTimeout(() => leave(serviceBusy('search_busy', SEARCH_RETRY_MS)), limits.apiWaitMs);
      dispatch();
    });
  }

  return {
    run,
    /** Threads the pool needs: the API's, and one kept for the site. */
    threads: totalThreads,
    /** Searches waiting now, by lane. */
    waiting: () => ({ site: site.length, api: api.length }),
    /** Refuses every search still waiting (the pool is closing). */
    refuseAll(error: unknown) {
      for (const waiting of [...site, ...api]) waiting.refuse(error);
    },
  };
}
