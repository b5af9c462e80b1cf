import { z } from 'zod';
import { DateTime, itemsOf } from './common';
import { CategoryId, digits } from './numbers';

/** How many watches one phone may have at once. */
export const WATCHES_PER_PHONE = 3;
/** How long a watch lasts. */
export const WATCH_DAYS = 30;

/**
 * POST /watches: a search saved as a watch. One digit criterion (as the search form names them:
 * mask, contains, endsWith or date), a category, or both.
 */
export const WatchBody = z.strictObject({
  category: CategoryId.optional(),
  contains: digits(),
  endsWith: digits(),
  mask: z.string().max(40).optional().meta({ description: 'e.g. XXX-YY-YY, as in GET /numbers' }),
  date: z.string().max(20).optional().meta({ description: 'e.g. 25.11.1990, as in GET /numbers' }),
});

export const Watch = z
  .strictObject({
    id: z.string(),
    category: CategoryId.nullable(),
    contains: z.string().nullable(),
    endsWith: z.string().nullable(),
    /** As normalized: XXXYYYY. */
    mask: z.string().nullable(),
    /** As an ISO date: 1990-11-25. */
    date: z.string().nullable(),
    createdAt: DateTime,
    expiresAt: DateTime,
    /** The last SMS this watch sent (at most one a day), or null. */
    lastSentAt: DateTime.nullable(),
  })
  .meta({ id: 'Watch' });
export const WatchList = itemsOf(Watch).meta({ id: 'WatchList' });
export const WatchPathParams = z.strictObject({ id: z.string().max(64) });
