import type { NumberList } from '../../../shared/api-types';
import type { ReadQuery } from '../../../shared/reads';
import type { ApiContext } from '../context';
import type { ReadCaller } from '../read-handler';
import { createNumberSearch } from './number-search';
import { checkSearch } from './search-input';
import { createSearchPool, type SearchPool } from './search-pool';

/** Threads of the number search in a process when nothing says otherwise (SEARCH_THREADS, server/process/config.ts). */
export const DEFAULT_SEARCH_THREADS = 1;

/**
 * GET /numbers as number-reads.ts serves it: the query checked on the request's thread (a 400
 * names the field before any search: search-input.ts), then answered by a thread of the number
 * search (search-pool.ts, search-answers.ts), which the route and the site's embedded reader await.
 * The numbers' data state a reader reports is taken before the read, on this thread
 * (store/data-versions.ts), so a change while a thread searches leaves its answer already stale.
 */
export function createNumberSearchReads(ctx: ApiContext, threads: number = DEFAULT_SEARCH_THREADS, onDemand = false) {
  // The categories' counts: one small read of number_totals, on this thread.
  const search = createNumberSearch(ctx.db);
  const pool: SearchPool = createSearchPool({
    file: ctx.db.name,
    threads,
    now: ctx.now(),
    logError: (message, error) => ctx.logError(message, error),
    onDemand,
  });
  // A thread has read its copy of the numbers for sale before the API is ready (sale-copy.ts).
  ctx.warmUp(pool.ready);

  /** The search for a checked query. */
  async function numbers(q: ReadQuery<'numbers'>, caller: ReadCaller): Promise<NumberList> {
    const input = checkSearch(q);
    return (await pool.search(input, ctx.now(), caller)).answer;
  }

  return { numbers, availableByCategory: search.availableByCategory, pool };
}

export type NumberSearchReads = ReturnType<typeof createNumberSearchReads>;
