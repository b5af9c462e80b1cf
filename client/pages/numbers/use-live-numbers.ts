import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { NumberStatus } from '../../../shared/api-types';
import { followEvents } from '../../api/event-stream';

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
export function useLiveNumbers(numbers: readonly string[], held: string | null): ReadonlyMap<string, LiveStatus> {
  const [statuses, setStatuses] = useState<ReadonlyMap<string, LiveStatus>>(() => new Map());
  const { revalidate } = useRevalidator();
  // Read by the stream's listeners when an event arrives; declared before the stream's effect, so
  // it is set before the first event.
  const mine = useRef(held);
  useEffect(() => {
    mine.current = held;
  }, [held]);
  // The stream may have spoken of the booking before the API's answer made it the visitor's: once
  // they hold the number, whatever the stream said of it last is their own booking. Corrected
  // while rendering the change (React's pattern for state that follows a changed value).
  const [heldSeen, setHeldSeen] = useState(held);
  if (held !== heldSeen) {
    setHeldSeen(held);
    if (held) setStatuses(withHoldOwned(statuses, held));
  }
  const list = numbers.join(',');
  useEffect(() => {
    if (!list) return undefined;
    const onFocus = () => void revalidate();
    const live = ({ number, status }: StatusEvent): [string, LiveStatus] => [number, { status, mine: number === mine.current }];
    let listening = false;
    const stop = followEvents(
      `/numbers/events?numbers=${encodeURIComponent(list)}`,
      {
        snapshot: ({ items }: { items: StatusEvent[] }) => setStatuses(new Map(items.map(live))),
        status: (event: StatusEvent) => setStatuses((current) => new Map(current).set(...live(event))),
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

/**
 * `statuses` with the held number's latest status counted as the visitor's own. The API has just
 * said they hold it, so a status the stream gave it before that answer arrived (the stream's
 * event can overtake the API's answer) is their booking, not someone else's. Unchanged (the same
 * map) when there is nothing to correct.
 */
export function withHoldOwned(statuses: ReadonlyMap<string, LiveStatus>, held: string): ReadonlyMap<string, LiveStatus> {
  const status = statuses.get(held);
  return status && !status.mine ? new Map(statuses).set(held, { ...status, mine: true }) : statuses;
}
