import { openStream } from '../test-support/event-stream';

/** Test support for lot-events.test.ts and lot-events-limits.test.ts. */

/** Opens a lot's live stream on the API at `origin()`, read at each call: a test may start an API of its own. */
export const lotStreams =
  (origin: () => string) =>
  (lot: string, headers: Record<string, string> = {}, query = '') =>
    openStream(`${origin()}/api/v1/auctions/${lot}/events${query}`, headers);

/** The JSON an event carries. */
export const data = (message: { data: string }) => JSON.parse(message.data);
