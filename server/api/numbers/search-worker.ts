/**
 * A thread of the number search (search-pool.ts starts them with piscina): its own read-only
 * connection to the API's store and its own in-memory copy of the numbers for sale, read before
 * the thread takes its first search. Built as its own file beside the server (build.mjs:
 * dist/server/search-worker.cjs); under jest, search-worker-source.cjs bundles it from the sources.
 */
import { threadId } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { workerData } from 'piscina';
import type { NumberList } from '../../../shared/api-types';
import { createSearchAnswers } from './search-answers';
import type { SearchInput } from './search-input';

/** What each thread is started with: the store's file, and the API's clock at the start. */
export interface SearchWorkerData {
  file: string;
  now: number;
}

/** One search: a checked query and the API's clock (the caller's, so a test's clock holds here too). */
export interface SearchTask {
  input: SearchInput;
  now: number;
}

export interface SearchDone {
  answer: NumberList;
  /** The thread that answered (node:worker_threads threadId): never the request's own. */
  threadId: number;
}

const logError = (message: string, error: unknown) => console.error(`Number search thread ${threadId}: ${message}`, error);

/** The thread's handler, once its copy is read: piscina gives it no search before (a worker module may export a promise). */
async function start(): Promise<(task: SearchTask | null) => SearchDone | null> {
  const { file, now } = workerData as SearchWorkerData;
  let answers: ReturnType<typeof createSearchAnswers>;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    // A writer checkpointing the WAL holds readers back a moment; wait for it rather than fail.
    db.pragma('busy_timeout = 5000');
    answers = createSearchAnswers(db, { logError });
  } catch (error) {
    // Every search of this thread is then a server fault (a 500, logged): no thread restarted in a loop.
    return () => {
      throw error;
    };
  }
  // A copy that could not be read now is read whole by the first search that needs it (sale-copy.ts).
  await answers.warm(now).catch((error: unknown) => logError('the numbers for sale could not be read at the start', error));
  // `null` asks whether the thread is ready (search-pool.ts): it is, once it takes a task at all.
  return (task) => (task ? { answer: answers.answer(task.input, task.now), threadId } : null);
}

export default start();
