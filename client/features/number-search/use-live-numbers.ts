import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import type { NumberStatus } from '../../../shared/api-types';
import { readOwnBookings } from '../../../shared/own-bookings';
import { subscribeTokens } from '../../../shared/tokens';
import { followEvents } from '../../api/event-stream';

/** An event of the number stream: the number's status, and the public id of the booking that holds it (or null). */
export interface StatusEvent {
  number: string;
  status: NumberStatus;
  bookingId: string | null;
}

/** What the stream last said of a number, and whether one of the visitor's own bookings holds it. */
export interface LiveStatus {
  status: NumberStatus;
  mine: boolean;
}

const NO_BOOKINGS: ReadonlySet<string> = new Set();

/**
 * The live status of the numbers a results page shows (docs/api.md, "Live availability"): after
 * hydration, the page follows `/numbers/events` for exactly those numbers, so one someone else
 * reserves, orders or buys is marked taken within a second, and one freed meanwhile is choosable
 * again. When the stream is refused (too many from this connection, no EventSource), the page
 * loads its results again each time the visitor comes back to the tab instead.
 *
 * Whose booking holds a number, the stream says (`bookingId`): a number held by one of this
 * browser's bookings (shared/own-bookings.ts `readOwnBookings`, the one held now and the latest ended
 * ones) is the visitor's, never taken from them, in whatever order the stream's events and the
 * API's answers arrive. Returns what the stream has said so far, by number; a number it has not
 * spoken of keeps the status it was rendered with.
 */
export function useLiveNumbers(numbers: readonly string[], takenByAnswer: ReadonlySet<string> = NONE): ReadonlyMap<string, LiveStatus> {
  const [events, setEvents] = useState<ReadonlyMap<string, StatusEvent>>(() => new Map());
  const own = useSyncExternalStore(subscribeTokens, readOwnBookings, () => NO_BOOKINGS);
  const { revalidate } = useRevalidator();
  // A number the API has just refused as taken (409) is taken, whatever "free" the stream said of
  // it before that answer (its word of the other visitor's booking can come a moment later).
  // Only the numbers new in the set: one refused earlier may have been freed since.
  const [takenSeen, setTakenSeen] = useState(takenByAnswer);
  if (takenByAnswer !== takenSeen) {
    setTakenSeen(takenByAnswer);
    const refused = withTakenByAnswer(
      events,
      [...takenByAnswer].filter((number) => !takenSeen.has(number)),
    );
    if (refused !== events) setEvents(refused);
  }
  const list = numbers.join(',');
  useEffect(() => {
    if (!list) return undefined;
    const onFocus = () => void revalidate();
    let listening = false;
    const stop = followEvents(
      `/numbers/events?numbers=${encodeURIComponent(list)}`,
      {
        snapshot: ({ items }: { items: StatusEvent[] }) => setEvents(new Map(items.map((event) => [event.number, event]))),
        status: (event: StatusEvent) => setEvents((current) => new Map(current).set(event.number, event)),
      },
      () => {
        if (listening) return;
        listening = true;
        window.addEventListener('focus', onFocus);
      },
    );
    return () => {
      stop();
      window.removeEventListener('focus', onFocus);
    };
  }, [list, revalidate]);
  return useMemo(() => liveStatuses(events, own), [events, own]);
}

const NONE: ReadonlySet<string> = new Set();

/** What the page shows of the stream's events: each status, and whether one of `own` bookings holds it. */
export function liveStatuses(events: ReadonlyMap<string, StatusEvent>, own: ReadonlySet<string>): ReadonlyMap<string, LiveStatus> {
  const statuses = new Map<string, LiveStatus>();
  for (const [number, { status, bookingId }] of events) statuses.set(number, { status, mine: bookingId !== null && own.has(bookingId) });
  return statuses;
}

/**
 * `events` with each of `numbers` (refused by the API as taken) counted as taken where the stream
 * last said it was free (by a booking the page does not know yet). Unchanged (the same map) when
 * there is nothing to correct.
 */
export function withTakenByAnswer(events: ReadonlyMap<string, StatusEvent>, numbers: readonly string[]): ReadonlyMap<string, StatusEvent> {
  const stale = numbers.filter((number) => events.get(number)?.status === 'free');
  if (stale.length === 0) return events;
  const next = new Map(events);
  for (const number of stale) next.set(number, { number, status: 'reserved', bookingId: null });
  return next;
}
