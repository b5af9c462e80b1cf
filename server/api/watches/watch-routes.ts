import type { WriteHandlers } from '../write-handler';
import type { WatchService } from './watch-service';

/** A phone confirmed by SMS (its auth token) saves, lists and removes its own watches (shared/writes/booking.ts). */
export function createWatchWrites(watches: WatchService): WriteHandlers<'saveWatch' | 'listWatches' | 'removeWatch'> {
  return {
    saveWatch: ({ tokens, lang, body }) => watches.create(tokens.auth.sub, lang, body),
    listWatches: ({ tokens }) => ({ items: watches.list(tokens.auth.sub) }),
    removeWatch: ({ tokens, param }) => watches.remove(tokens.auth.sub, param),
  };
}
