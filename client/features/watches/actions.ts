import type { WatchInput } from '../../../shared/api-types';
import { removeWatch, saveWatch } from '../../api/watches';
import { apiErrorCode, apiErrorOf } from '../../api/api-error';

/** Saving the search as a watch, or removing one: done, or the API's words for the refusal. */
export type WatchOutcome = { intent: 'watch' | 'unwatch'; ok: true } | { intent: 'watch' | 'unwatch'; ok: false; message: string | null };

const WATCH_FIELDS = ['category', 'contains', 'endsWith', 'mask', 'date'] as const;

async function watch(form: FormData): Promise<WatchOutcome> {
  const input: WatchInput = {};
  for (const field of WATCH_FIELDS) {
    const value = String(form.get(field) ?? '').trim();
    if (value) (input as Record<string, string>)[field] = value;
  }
  try {
    await saveWatch(input);
    return { intent: 'watch', ok: true };
  } catch (error) {
    return { intent: 'watch', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

async function unwatch(form: FormData): Promise<WatchOutcome> {
  try {
    await removeWatch(String(form.get('id') ?? ''));
    return { intent: 'unwatch', ok: true };
  } catch (error) {
    // Already gone (removed in another tab, expired): what the visitor wanted.
    if (apiErrorCode(error) === 'watch_not_found') return { intent: 'unwatch', ok: true };
    return { intent: 'unwatch', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

/** The watches' intents: saving the search as a watch, and removing one. */
export const watchIntents = { watch, unwatch };

/** What the page action answers for these intents: the type of their fetchers (`useFetcher<WatchAction>()`). */
export type WatchAction = (typeof watchIntents)[keyof typeof watchIntents];
