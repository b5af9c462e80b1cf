import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { NumberStatus } from '../../../../shared/api-types';
import { followEvents } from '../../../api/event-stream';

interface StatusEvent {
  number: string;
  status: NumberStatus;
}

/** What the stream last said of a number, and whether the visitor's own booking held it then. */
export interface LiveStatus {
  status: NumberStatus;
  mine: boolean;
}

/**
 * The live status of the numbers a results page shows (docs/api.md, "Live availability"): after
 * hydration, the page follows `/numbers/events` for exactly those numbers, so one someone else
 * reserves, orders or buys is marked taken within a second, and one freed meanwhile is choosable
 * again. When the stream is refused (too many from this connection, no EventSource), the page
 * loads its results again each time the visitor comes back to the tab instead.
 * Returns what the stream has said so far, by number; a number it has not spoken of keeps the
 * status it was rendered with. A number reported reserved while the visitor's own booking held it
 * (`mine`) is theirs, not someone else's: when that booking ends in this browser, the number is
 * free to them at once, before the server's word of the lapse arrives.
 */
export function useLiveNumbers(
  numbers: readonly string[],
  held: string | null,
  takenByAnswer: ReadonlySet<string> = NONE,
): ReadonlyMap<string, LiveStatus> {
  const [statuses, setStatuses] = useState<ReadonlyMap<string, LiveStatus>>(() => new Map());
  const { revalidate } = useRevalidator();
  // Read by the stream's listeners when an event arrives; declared before the stream's effect, so
  // it is set before the first event.
  const mine = useRef(held);
  // The number of a booking that ended in this browser (expired, cancelled, replaced): the server
  // may still hold it until its own lapse, and a stream that speaks of it meanwhile (a snapshot
  // taken before the lapse, the first one of a stream that opened late) speaks of the visitor's
  // booking. So until the stream says it is free, it stays theirs: free to them at once.
  const released = useRef<string | null>(null);
  useEffect(() => {
    if (mine.current && mine.current !== held) released.current = mine.current;
    mine.current = held;
  }, [held]);
  // The stream may speak of the booking before the API's answer made it the visitor's, or in the
  // render that took the answer, before the effect above has told the listeners: while they hold
  // the number, whatever the stream says of it is their own booking. Corrected while rendering
  // (React's pattern for state that follows another value), in every render that holds a number,
  // not only in the one where the hold began: a status that came in with the wrong owner right
  // after it would otherwise stay "taken" for the visitor once their booking ends in this browser.
  let corrected = held ? withHoldOwned(statuses, held) : statuses;
  // A number the API has just refused as taken (409) is taken, whatever "free" the stream said of
  // it before that answer (its word of the other visitor's booking can come a moment later).
  // Only the numbers new in the set: one refused earlier may have been freed since.
  const [takenSeen, setTakenSeen] = useState(takenByAnswer);
  if (takenByAnswer !== takenSeen) {
    setTakenSeen(takenByAnswer);
    corrected = withTakenByAnswer(
      corrected,
      [...takenByAnswer].filter((number) => !takenSeen.has(number)),
    );
  }
  if (corrected !== statuses) setStatuses(corrected);
  const list = numbers.join(',');
  useEffect(() => {
    if (!list) return undefined;
    const onFocus = () => void revalidate();
    const live = ({ number, status }: StatusEvent): [string, LiveStatus] => {
      if (status === 'free' && number === released.current) released.current = null;
      return [number, { status, mine: number === mine.current || number === released.current }];
    };
    let listening = false;
    const stop = followEvents(
      `/numbers/events?numbers=${encodeURIComponent(list)}`,
      {
        snapshot: ({ items }: { items: StatusEvent[] }) => setStatuses(new Map(items.map(live))),
        // Whose booking a status is, as the event arrives: the update may be rendered only after
        // a more urgent one (the booking's end on the clock's tick) has let go of the hold.
        status: (event: StatusEvent) => {
          const [number, status] = live(event);
          setStatuses((current) => new Map(current).set(number, status));
        },
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
  return statuses;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * `statuses` with each of `numbers` (refused by the API as taken) counted as taken where the
 * stream last said it was free. Unchanged (the same map) when there is nothing to correct.
 */
export function withTakenByAnswer(statuses: ReadonlyMap<string, LiveStatus>, numbers: readonly string[]): ReadonlyMap<string, LiveStatus> {
  const stale = numbers.filter((number) => statuses.get(number)?.status === 'free');
  if (stale.length === 0) return statuses;
  const next = new Map(statuses);
  for (const number of stale) next.set(number, { status: 'reserved', mine: false });
  return next;
}

/**
 * `statuses` with the held number's latest status counted as the visitor's own. The API has said
 * they hold it, so a status the stream gave it with another owner (an event that overtook the
 * API's answer, or one that arrived before the listeners heard of the hold) is their booking, not
 * someone else's. Unchanged (the same map) when there is nothing to correct.
 */
export function withHoldOwned(statuses: ReadonlyMap<string, LiveStatus>, held: string): ReadonlyMap<string, LiveStatus> {
  const status = statuses.get(held);
  return status && !status.mine ? new Map(statuses).set(held, { ...status, mine: true }) : statuses;
}
