import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { SearchInput } from './search-input';
import type { ReadCaller } from '../read-handler';
import { serviceBusy } from '../http/limits';
import { createSearchQueue, DEFAULT_SEARCH_QUEUE, SEARCH_RETRY_MS, type SearchQueueLimits } from './search-queue';
import type { SearchDone, SearchTask, SearchWorkerData } from './search-worker';

/**
 * The number search's threads (piscina): each answers searches from its own read-only connection
 * and its own copy of the numbers for sale (search-worker.ts), so a long walk of the catalogue
 * holds its thread, never the event loop that answers pages. A task's failure (a fault of the
 * store, a thread that died) rejects that search alone, and piscina starts another thread.
 */
export interface SearchPool {
  /** The answer of a checked query at `now`, and the thread that made it. */
  search(input: SearchInput, now: number, caller?: ReadCaller): Promise<SearchDone>;
  /** Resolves once a thread has read its copy and takes searches (the API is ready then). */
  ready: Promise<void>;
  /** Searches answered so far. */
  completed(): number;
  /** Ends the threads; a search still waiting is refused. */
  close(): Promise<void>;
}

export interface SearchPoolOptions {
  /** The store's file (DATA_DIR/operator-api.sqlite), opened read-only by each thread. */
  file: string;
  /** Threads of this process for filtered searches (SEARCH_THREADS); the pool has one more, kept for plain ones (search-queue.ts). */
  threads: number;
  /** The line's limits; by default DEFAULT_SEARCH_QUEUE of the threads. */
  queue?: SearchQueueLimits;
  /** The API's clock at the start. */
  now: number;
  logError(message: string, error: unknown): void;
  /**
   * Threads started by the first searches that need them, not at once, and the pool ready at once.
   * For test APIs (test-support/test-api.ts): most never search, and a thread costs about 100 ms of
   * CPU to start; a server starts its threads before it listens, so no visitor waits for one.
   */
  onDemand?: boolean;
}

/**
 * The thread's code: built beside the server's bundle (build.mjs makes dist/server/search-worker.cjs
 * next to index.cjs, whose __dirname this is then); beside the sources (jest), their bootstrap.
 */
export function searchWorkerFile(dir: string = __dirname): string {
  const built = path.join(dir, 'search-worker.cjs');
  return fs.existsSync(built) ? built : path.join(dir, 'search-worker-source.cjs');
}

/** A search of a few index steps: no digits, mask, date or cursor, one of the first pages (`/`'s numbers, a category's list). */
export const isPlain = ({ filters: f, date, cursor, page }: SearchInput): boolean =>
  !f.contains && !f.endsWith && !f.mask && !f.pattern && !date && !cursor && page <= 2;

/** How much less CPU priority the threads have than the event loop (nice(2), through piscina's @napi-rs/nice). */
const NICE_INCREMENT = 10;

export function createSearchPool({ file, threads, now, logError, queue: limits, onDemand = false }: SearchPoolOptions): SearchPool {
  const line = createSearchQueue(limits ?? DEFAULT_SEARCH_QUEUE(threads));
  const pool = new Piscina<SearchTask | null, SearchDone | null>({
    filename: searchWorkerFile(),
    minThreads: onDemand ? 0 : line.threads,
    maxThreads: line.threads,
    // Each thread keeps a copy of the numbers for sale: it lives as long as the pool.
    idleTimeout: Number.POSITIVE_INFINITY,
    // Plain messages: a thread's event loop runs between tasks (its copy is re-read in the background).
    atomics: 'disabled',
    niceIncrement: NICE_INCREMENT,
    workerData: { file, now } satisfies SearchWorkerData,
  });
  // A thread that fails outside a task (piscina replaces it) is logged, never thrown at the process.
  pool.on('error', (error: unknown) => logError('A number search thread failed', error));
  let closed: Promise<void> | null = null;
  // A thread answers `null` once it is ready: piscina hands no task to a thread before.
  const ready = (onDemand ? Promise.resolve(null) : pool.run(null)).then(
    () => undefined,
    (error: unknown) => {
      if (!closed) logError('The number search threads did not start', error);
    },
  );
  return {
    async search(input, at, caller = {}) {
      const done = await line.run({ ...caller, plain: isPlain(input) }, () => pool.run({ input, now: at }));
      return done!;
    },
    ready,
    completed: () => pool.completed,
    close() {
      // Never terminated in the middle of a read: a thread stopped inside a better-sqlite3 call
      // can abort the whole process (napi's fatal error; WiseLibs/better-sqlite3#1507). So after
      // the threads' first reading of the copy, and after the searches under way (piscina's
      // graceful close, which terminates them idle).
      if (!closed) line.refuseAll(serviceBusy('search_busy', SEARCH_RETRY_MS));
      closed ??= ready.then(() => pool.close());
      return closed;
    },
  };
}
