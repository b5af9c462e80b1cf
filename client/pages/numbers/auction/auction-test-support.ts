/**
 * What the auction's component tests share: a lot as the API describes it, and the browser's parts happy-dom lacks (EventSource, requestIdleCallback, the boot
 * data the stream's address is read from), replaced by fakes a test can drive.
 */
import { act, waitFor } from '@testing-library/react';
import type { AuctionLotDetail } from '../../../../shared/api-types';

/** The server's clock when it answered: 14:00 in Tashkent (UTC+5). */
export const SERVER_TIME = '2026-11-20T09:00:00.000Z';

/** An active lot, an hour and a half (and half a minute, so whole minutes stay put) before its end, with bids by others. */
export function lotDetail(changes: Partial<AuctionLotDetail> = {}): AuctionLotDetail {
  return {
    id: 'lot-042',
    number: '+998771234567',
    formatted: '+998 77 123 45 67',
    status: 'active',
    startPrice: 1_000_000,
    step: 100_000,
    buyNowPrice: null,
    currentBid: 1_500_000,
    minimumBid: 1_600_000,
    bidCount: 3,
    startsAt: '2026-11-19T09:00:00.000Z',
    endsAt: '2026-11-20T10:30:30.000Z',
    serverTime: SERVER_TIME,
    soldPrice: null,
    myBid: null,
    myPosition: null,
    myTurnToBuyUntil: null,
    myMaxBid: null,
    rules: {
      lateBidSeconds: 120,
      extendMaxSeconds: 1800,
      latestEndAt: '2026-11-20T11:00:30.000Z',
      paymentWindowSeconds: 1800,
      whenUnpaid: 'next_bidder',
    },
    bids: [{ amount: 1_500_000, bidder: '+998 90 *** ** 67', createdAt: '2026-11-20T08:50:00.000Z', mine: false, automatic: false }],
    ...changes,
  };
}

/** The browser's EventSource, opened by the page and driven by the test. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** One named event of the stream, its data sent as JSON as the API's streams do. */
  send(name: string, data: unknown): void {
    act(() => {
      this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
    });
  }
}

/** The stream the page opens at the address ending with `path` (a query after it allowed), once it has opened it. */
export function openedStream(path: string): Promise<FakeEventSource> {
  return waitFor(() => {
    const opened = FakeEventSource.opened.find((source) => new URL(source.url, 'http://site.test').pathname.endsWith(path));
    if (!opened) throw new Error(`No stream is open at ${path}`);
    return opened;
  });
}

/** Installs the fakes before each test and removes them after it. The browser is idle at once: the streams open in the next task. */
export function withBrowserFakes(): void {
  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(window, {
      EventSource: FakeEventSource,
      requestIdleCallback: (callback: () => void) => window.setTimeout(callback, 0),
      cancelIdleCallback: (id: number) => window.clearTimeout(id),
      __APP__: { config: { apiBaseUrl: '/api/v1' } },
    });
  });
  afterEach(() => {
    for (const name of ['EventSource', 'requestIdleCallback', 'cancelIdleCallback', '__APP__']) Reflect.deleteProperty(window, name);
  });
}
