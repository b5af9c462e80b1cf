import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { fetchSmsChallenge } from '../../api/sms-challenge';

/**
 * The browser's side of the SMS code's proof of work (server/api/auth/sms-challenge.ts), in a
 * chunk of its own, imported only on the SMS step once the phone is typed: the challenge for the
 * phone is fetched and solved (altcha-lib with the browser's own PBKDF2, WebCrypto, off the main
 * thread's work) while the visitor goes on, so the code request rarely waits for it. Nothing goes
 * to a third party: the API issued the challenge and is the only one to see the solution.
 */

/** A solution older than this is solved again: the API accepts a challenge for 5 minutes. */
const FRESH_MS = 4 * 60_000;

interface Work {
  solution: Promise<string>;
  startedAt: number;
  done: boolean;
}

/** The one challenge being solved or solved, by phone; each is used once. */
const works = new Map<string, Work>();

async function solve(phone: string): Promise<string> {
  const challenge = await fetchSmsChallenge(phone);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The SMS challenge could not be solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Starts solving a challenge for the phone, unless one is under way or solved and still fresh. */
export function prepareSmsChallenge(phone: string): Promise<string> {
  const known = works.get(phone);
  if (known && Date.now() - known.startedAt < FRESH_MS) return known.solution;
  const work: Work = { solution: solve(phone), startedAt: Date.now(), done: false };
  works.set(phone, work);
  work.solution.then(
    () => (work.done = true),
    // A failed one is asked again next time.
    () => works.get(phone) === work && works.delete(phone),
  );
  return work.solution;
}

/** Whether a solution for the phone is ready now (the step says so when the visitor has to wait). */
export function smsChallengeReady(phone: string): boolean {
  const known = works.get(phone);
  return !!known?.done && Date.now() - known.startedAt < FRESH_MS;
}

/** The solution for the phone, taken: the next code request solves a new challenge. */
export async function takeSmsChallenge(phone: string): Promise<string> {
  const solution = await prepareSmsChallenge(phone);
  works.delete(phone);
  return solution;
}
