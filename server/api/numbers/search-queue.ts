import { serviceBusy, tooManyRequests } from '../http/limits';

/**
 * The turns of the number search's threads. piscina queues every task in one line, without a
 * bound or a priority, so a crowd of dear searches once held every page that needs a search
 * (`/` among them) for minutes, and searches whose clients had gone kept running. Here, before
 * piscina, two lines. Plain searches (no digits, mask, date or cursor: `/`'s numbers, a category's
 * first pages; index walks of milliseconds) go first and always have a thread of their own (the
 * pool has one more thread than filtered searches may hold). Filtered searches (digits, masks,
 * dates, cursors: near matches may scan the whole catalogue for seconds), whether a client of the
 * API or a visitor's /numbers page asks, wait in a bounded line, for a bounded time, and leave it
 * once their client has gone. Each client (address) has a few searches at once, in either line. A
 * search already in a thread runs to its end: a thread stopped inside a better-sqlite3 call can
 * abort the process.
 */
export interface SearchQueueLimits {
  /** Threads filtered searches may hold at once (the pool has one more, kept for plain ones). */
  filteredThreads: number;
  /** Filtered searches that may wait at once, all clients together. */
  filteredWaiting: number;
  /** How long a filtered search may wait for a thread before it is answered 503. */
  filteredWaitMs: number;
  /** Plain searches that may wait at once. */
  plainWaiting: number;
  /** Searches one client (an address) may have waiting or running at once, in both lines. */
  perClient: number;
}

export const DEFAULT_SEARCH_QUEUE = (filteredThreads: number): SearchQueueLimits => ({
  filteredThreads,
  filteredWaiting: 16 * filteredThreads,
  filteredWaitMs: 5_000,
  plainWaiting: 200,
  perClient: 4,
});

/** Who asks for a search and what kind it is. */
export interface SearchJob {
  /** No digits, mask, date or cursor: a few index steps. */
  plain: boolean;
  /** The asking client's address key (`clientKey`): an API client, or the visitor a page is rendered for. */
  client?: string;
  /** Fires once the client has gone (the request closed, the render aborted). */
  signal?: AbortSignal;
}

/** How long a refused search is told to wait: about one dear search's time. */
export const SEARCH_RETRY_MS = 5_000;

interface Waiting {
  plain: boolean;
  client: string | undefined;
  start: () => void;
  refuse: (error: unknown) => void;
}

export function createSearchQueue(limits: SearchQueueLimits) {
  const plain: Waiting[] = [];
  const filtered: Waiting[] = [];
  let plainRunning = 0;
  let filteredRunning = 0;
  const perClient = new Map<string, number>();
  const totalThreads = limits.filteredThreads + 1;

  const countClient = (client: string | undefined, by: number) => {
    if (!client) return;
    const count = (perClient.get(client) ?? 0) + by;
    if (count > 0) perClient.set(client, count);
    else perClient.delete(client);
  };

  /** Starts what may start: plain searches first, on any free thread; filtered ones within their threads. */
  const dispatch = () => {
    while (plainRunning + filteredRunning < totalThreads) {
      const next = plain.length > 0 ? plain.shift() : filteredRunning < limits.filteredThreads ? filtered.shift() : undefined;
      if (!next) return;
      if (next.plain) plainRunning += 1;
      else filteredRunning += 1;
      next.start();
    }
  };

  /**
   * Runs `work` on its turn and resolves with its answer; rejects with 429 too_many_searches or
   * 503 search_busy when the line refuses it or its client has gone.
   */
  function run<T>(job: SearchJob, work: () => Promise<T>): Promise<T> {
    const { client, signal } = job;
    if (client && (perClient.get(client) ?? 0) >= limits.perClient)
      return Promise.reject(tooManyRequests('too_many_searches', SEARCH_RETRY_MS, { limit: limits.perClient }));
    const line = job.plain ? plain : filtered;
    if (line.length >= (job.plain ? limits.plainWaiting : limits.filteredWaiting))
      return Promise.reject(serviceBusy('search_busy', SEARCH_RETRY_MS));
    if (signal?.aborted) return Promise.reject(serviceBusy('search_busy', SEARCH_RETRY_MS));
    countClient(client, 1);
    return new Promise<T>((resolve, reject) => {
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
        plain: job.plain,
        client,
        refuse: leave,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          work()
            .then(resolve, reject)
            .finally(() => {
              if (job.plain) plainRunning -= 1;
              else filteredRunning -= 1;
              countClient(client, -1);
              dispatch();
            });
        },
      };
      line.push(waiting);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (!job.plain) timer = setTimeout(() => leave(serviceBusy('search_busy', SEARCH_RETRY_MS)), limits.filteredWaitMs);
      dispatch();
    });
  }

  return {
    run,
    /** Threads the pool needs: the filtered searches', and one kept for plain ones. */
    threads: totalThreads,
    /** Searches waiting now, by line. */
    waiting: () => ({ plain: plain.length, filtered: filtered.length }),
    /** Refuses every search still waiting (the pool is closing). */
    refuseAll(error: unknown) {
      for (const waiting of [...plain, ...filtered]) waiting.refuse(error);
    },
  };
}
