import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { NumberStatus } from '../../../shared/api-types';
import { followEvents } from '../../api/event-stream';

interface StatusEvent {
  number: string;
  status: NumberStatus;
}

/**
 * The live status of the numbers a results page shows (docs/api.md, "Live availability"): after
 * hydration, the page follows `/numbers/events` for exactly those numbers, so one someone else
 * reserves, orders or buys is marked taken within a second, and one freed meanwhile is choosable
 * again. When the stream is refused (too many from this connection, no EventSource), the page
 * loads its results again each time the visitor comes back to the tab instead.
 * Returns what the stream has said so far, by number; a number it has not spoken of keeps the
 * status it was rendered with.
 */
export function useLiveNumbers(numbers: readonly string[]): ReadonlyMap<string, NumberStatus> {
  const [statuses, setStatuses] = useState<ReadonlyMap<string, NumberStatus>>(() => new Map());
  const { revalidate } = useRevalidator();
  const list = numbers.join(',');
  useEffect(() => {
    if (!list) return undefined;
    const onFocus = () => void revalidate();
    let listening = false;
    const stop = followEvents(
      `/numbers/events?numbers=${encodeURIComponent(list)}`,
      {
        snapshot: ({ items }: { items: StatusEvent[] }) => setStatuses(new Map(items.map((item) => [item.number, item.status]))),
        status: ({ number, status }: StatusEvent) => setStatuses((current) => new Map(current).set(number, status)),
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
