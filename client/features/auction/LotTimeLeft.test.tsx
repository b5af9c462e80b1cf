/** @jest-environment @happy-dom/jest-environment */
import '@testing-library/jest-dom';
import { within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { CATALOGUES } from '../../../locales/catalogues';
import type { AuctionLot } from '../../../shared/api-types';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { formatDate } from '../../format';
import { formatDuration } from '../purchase/time-format';
import { confirmedPhone } from '../../testing/render';
import { atServerTime, FakeEventSource, lotDetail, openedStream, SERVER_TIME, withBrowserFakes } from './auction-test-support';

/**
 * A lot's time left on a page the page store keeps: the server's render and the first client
 * render name the lot's end (true at any minute the page is served); the browser counts down to
 * it after hydration, by the server's clock once a fresh answer gives it, and says when it has
 * passed. The pages are rendered to HTML as the server does, then hydrated as the browser does,
 * each time in a fresh copy of the modules: the site's "hydrated once" flag starts unset, as on a
 * page load.
 */

/**
 * The pages' own reads in the browser (the lot's with the visitor's token, the list's poll) never
 * reach a network here: each answers what the test gives it, else never. One set for every fresh
 * copy of the modules.
 */
const reads = {
  fetchLot: jest.fn((_id: string): Promise<unknown> => new Promise(() => {})),
  fetchActiveLots: jest.fn((): Promise<unknown> => new Promise(() => {})),
};
jest.mock('../../api/auctions', () => ({
  fetchLot: (id: string) => reads.fetchLot(id),
  fetchActiveLots: () => reads.fetchActiveLots(),
  lotStreamToken: jest.fn(async () => 'stream-token'),
}));
beforeEach(() => {
  reads.fetchLot.mockReset().mockImplementation(() => new Promise(() => {}));
  reads.fetchActiveLots.mockReset().mockImplementation(() => new Promise(() => {}));
});

/** Unmounts the pages of the test (their countdowns and streams stop) while the browser's fakes are still there. */
const unmounts: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const unmount of unmounts.splice(0)) await unmount();
});

withBrowserFakes();
atServerTime();

/** lot-042 ends at 15:30:30 in Tashkent, an hour and a half after SERVER_TIME (14:00). */
const { serverTime: _serverTime, ...shownDetail } = lotDetail();
const { bids: _bids, ...golden } = shownDetail;
const END = golden.endsAt;
const HOUR_AND_A_HALF = Date.parse(END) - Date.parse(SERVER_TIME);

/** A text of the catalogue with its values, as i18next fills it. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** The language's `t`, for the site's own formatting of a duration. */
function translator(lang: Language): TFunction {
  const texts = CATALOGUES[lang];
  return ((key: string, values: Record<string, number> = {}) =>
    fill(key.split('.').reduce((node: unknown, part) => (node as Record<string, unknown>)[part], texts) as string, values)) as TFunction;
}

interface Page {
  /** What the server sent, before any script ran. */
  html: string;
  container: HTMLElement;
  /** What hydration reported: a text that differs from the server's is one. */
  hydrationErrors: unknown[];
  /** Runs `fn` inside the page's own React `act`, and lets what it started settle. */
  act: (fn: () => void) => Promise<void>;
  /** Moves the test's fake timers (deviceClock) on by `ms`, inside the page's own `act`. */
  advance: (ms: number) => Promise<void>;
}

/** Whether the test drives the timers (deviceClock) rather than only the date (atServerTime). */
const timersFaked = () => 'clock' in setTimeout;

type Modules = {
  AuctionSection: typeof import('./AuctionSection').AuctionSection;
  AuctionLotView: typeof import('./AuctionLotView').AuctionLotView;
  HydrationBoundary: typeof import('../../components/HydrationBoundary').HydrationBoundary;
  h: typeof import('react').createElement;
};

/** The page at `url` rendered to HTML as the server renders it, then hydrated in the document as the browser does. */
async function serveThenHydrate(lang: Language, url: string, ui: (modules: Modules) => ReactElement): Promise<Page> {
  let page!: Page;
  await jest.isolateModulesAsync(async () => {
    const React = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const router = await import('react-router');
    const { I18nextProvider } = await import('react-i18next');
    const { createI18n, providedI18n } = await import('../../framework/i18n');
    const { HydrationBoundary } = await import('../../components/HydrationBoundary');
    const { AuctionSection } = await import('./AuctionSection');
    const { AuctionLotView } = await import('./AuctionLotView');
    const h = React.createElement;
    const element = ui({ AuctionSection, AuctionLotView, HydrationBoundary, h });
    const i18n = providedI18n(createI18n(lang, CATALOGUES[lang]));
    const href = localizePath(url, lang);
    const routes = [{ path: '*', element }];

    const handler = router.createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${href}`));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const served = router.createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(h(I18nextProvider, { i18n }, h(router.StaticRouterProvider, { router: served, context, hydrate: false })));

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.replaceChildren(container);
    const hydrationErrors: unknown[] = [];
    const browser = router.createMemoryRouter(routes, { initialEntries: [href] });
    let root!: ReturnType<typeof hydrateRoot>;
    await React.act(async () => {
      root = hydrateRoot(container, h(I18nextProvider, { i18n }, h(router.RouterProvider, { router: browser })), {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
    });
    unmounts.push(() => React.act(async () => root.unmount()));
    const act = async (fn: () => void) => {
      await React.act(async () => {
        fn();
        await (timersFaked() ? jest.advanceTimersByTimeAsync(0) : new Promise((resolve) => setTimeout(resolve, 0)));
      });
    };
    const advance = async (ms: number) => {
      await React.act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
    };
    page = { html, container, hydrationErrors, act, advance };
  });
  return page;
}

/** The numbers page's list of lots, inside its boundary as search-route.tsx places it. */
const lotList = (lots: AuctionLot[] | (typeof golden)[]) => (m: Modules) => m.h(m.HydrationBoundary, null, m.h(m.AuctionSection, { lots }));

/** The value of "Time left" in the page (the card's, or the lot's). */
function timeLeft(root: HTMLElement, lang: Language): HTMLElement {
  const term = within(root).getByText(CATALOGUES[lang].auction.timeLeft, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

/** The shared clock's tick, as a tab brought back to the front gives it at once. */
const tick = () => window.dispatchEvent(new Event('focus'));

/** A stream's named event, its data as JSON, inside the page's `act`. */
const send = (page: Page, stream: FakeEventSource, name: string, data: unknown) =>
  page.act(() => stream.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) })));

describe.each(LANGUAGES)('a lot’s time left as the page store serves it, in %s', (lang) => {
  const c = CATALOGUES[lang].auction;
  const end = fill(c.endsBy, { time: formatDate(END, lang, { tashkentTime: true }) });
  const counted = formatDuration(HOUR_AND_A_HALF, translator(lang));

  it('names the end in Tashkent time on a lot card, server and first client render alike, and counts down after hydration', async () => {
    const page = await serveThenHydrate(lang, '/numbers', lotList([golden]));
    const served = document.createElement('div');
    served.innerHTML = page.html;
    const time = timeLeft(served, lang).querySelector('time');
    expect(time).toHaveAttribute('datetime', END);
    expect(time).toHaveTextContent(end);
    expect(timeLeft(served, lang)).not.toHaveTextContent(counted);

    expect(page.hydrationErrors).toEqual([]);
    expect(timeLeft(page.container, lang)).toHaveTextContent(counted);
  });

  it('names the end on the lot’s page, server and first client render alike, and counts down after hydration', async () => {
    const page = await serveThenHydrate(lang, `/numbers?lot=${golden.id}`, (m) => m.h(m.AuctionLotView, { initial: shownDetail }));
    const served = document.createElement('div');
    served.innerHTML = page.html;
    const timer = within(served).getByRole('timer');
    expect(timer.querySelector('time')).toHaveAttribute('datetime', END);
    expect(timer).toHaveTextContent(end);
    expect(timer).not.toHaveTextContent(counted);

    expect(page.hydrationErrors).toEqual([]);
    expect(within(page.container).getByRole('timer')).toHaveTextContent(counted);
  });
});

describe('the lot page’s countdown in the browser', () => {
  it('counts by the server’s clock from the fresh answer of the lot’s stream, not by the moment of the render', async () => {
    const page = await serveThenHydrate('en', `/numbers?lot=${golden.id}`, (m) => m.h(m.AuctionLotView, { initial: shownDetail }));
    expect(within(page.container).getByRole('timer')).toHaveTextContent('1 h 30 min');
    const stream = await openedStream('/auctions/lot-042/events');
    // The server's clock is ten minutes ahead of the device's.
    await send(page, stream, 'snapshot', { ...lotDetail(), serverTime: new Date(Date.parse(SERVER_TIME) + 10 * 60_000).toISOString() });
    await page.act(tick);
    expect(within(page.container).getByRole('timer')).toHaveTextContent('1 h 20 min');
  });
});

describe('a lot card’s countdown in the browser', () => {
  it('counts by the server’s clock from the fresh answer of the list’s stream, not by the moment of the render', async () => {
    const page = await serveThenHydrate('en', '/numbers', lotList([golden]));
    expect(timeLeft(page.container, 'en')).toHaveTextContent('1 h 30 min');
    const stream = await openedStream('/auctions/events');
    // The server's clock is ten minutes ahead of the device's.
    const serverTime = new Date(Date.parse(SERVER_TIME) + 10 * 60_000).toISOString();
    await send(page, stream, 'snapshot', { items: [{ ...golden, serverTime }] });
    await page.act(tick);
    expect(timeLeft(page.container, 'en')).toHaveTextContent('1 h 20 min');
  });

  it('polls the list when its stream is refused, and says the lot has ended once its end passes by the server’s clock', async () => {
    reads.fetchActiveLots.mockResolvedValue([{ ...golden, serverTime: SERVER_TIME }]);
    const page = await serveThenHydrate('en', '/numbers', lotList([golden]));
    const stream = await openedStream('/auctions/events');
    stream.readyState = FakeEventSource.CLOSED;
    await page.act(() => stream.dispatchEvent(new Event('error')));
    expect(reads.fetchActiveLots).toHaveBeenCalledTimes(1);

    await page.act(() => {
      jest.setSystemTime(Date.parse(END) - 65_000);
      tick();
    });
    expect(timeLeft(page.container, 'en')).toHaveTextContent('1 min 5 s');
    await page.act(() => {
      jest.setSystemTime(Date.parse(END) + 1_000);
      tick();
    });
    expect(timeLeft(page.container, 'en')).toHaveTextContent('The auction has ended');
  });

  it('never says the lot has ended by the device’s clock alone: without an answer from the server, it is being decided', async () => {
    const page = await serveThenHydrate('en', '/numbers', lotList([golden]));
    const stream = await openedStream('/auctions/events');
    stream.readyState = FakeEventSource.CLOSED;
    await page.act(() => stream.dispatchEvent(new Event('error')));
    await page.act(() => {
      jest.setSystemTime(Date.parse(END) + 1_000);
      tick();
    });
    expect(timeLeft(page.container, 'en')).toHaveTextContent('Ending: the result is being confirmed');
    expect(timeLeft(page.container, 'en')).not.toHaveTextContent('The auction has ended');
  });
});

/**
 * A device whose clock is hours off (the tester's ran 21 hours fast), with the timers driven by the
 * test: the stream's wait for its first answer, the polls and the shared clock's tick all run only
 * when it moves them on. The lot has an hour and a half left by the server's clock; by the
 * device's, it ended nineteen and a half hours ago.
 */
describe.each([
  [
    'the lot’s page',
    `/numbers?lot=${golden.id}`,
    '/auctions/lot-042/events',
    (m: Modules) => m.h(m.AuctionLotView, { initial: shownDetail }),
  ],
  ['a lot card', '/numbers', '/auctions/events', lotList([golden])],
] as const)('%s on a device whose clock is 21 hours fast', (_name, url, streamPath, ui) => {
  const onLotPage = url.includes('lot=');
  beforeEach(() => {
    jest.useFakeTimers({
      now: Date.parse(SERVER_TIME) + 21 * 3_600_000,
      doNotFake: ['nextTick', 'queueMicrotask', 'performance', 'hrtime', 'setImmediate', 'clearImmediate'],
    });
    // A visitor who may bid: the lot's page shows its bid form once hydrated.
    for (const [key, value] of Object.entries(confirmedPhone('+998901234567'))) window.localStorage.setItem(key, value);
  });
  afterEach(() => window.localStorage.clear());

  /** What the time left reads: the lot page's timer, or the card's value of "Time left". */
  const shown = (page: Page) => (onLotPage ? within(page.container).getByRole('timer') : timeLeft(page.container, 'en'));
  /** The lot as the server answers a poll `after` ms past SERVER_TIME, its clock in the answer. */
  const answered = (after: number) => {
    const serverTime = new Date(Date.parse(SERVER_TIME) + after).toISOString();
    reads.fetchLot.mockResolvedValue({ ...lotDetail(), serverTime });
    reads.fetchActiveLots.mockResolvedValue([{ ...golden, serverTime }]);
  };
  /** The reads of the lot a poll makes on this page. */
  const polls = () => (onLotPage ? reads.fetchLot : reads.fetchActiveLots).mock.calls.length;

  it('shows no end before its stream has answered, keeps the bid form, and counts by the server’s clock once it answers', async () => {
    const page = await serveThenHydrate('en', url, ui);
    expect(page.hydrationErrors).toEqual([]);
    const stream = await openedStream(streamPath);
    expect(shown(page)).toHaveTextContent('Ending: the result is being confirmed');
    expect(page.container).not.toHaveTextContent('The auction has ended');
    if (onLotPage) {
      const panel = within(page.container).getByRole('region', { name: 'Place a bid' });
      expect(within(panel).getByRole('button', { name: 'Place the bid' })).toBeInTheDocument();
    }

    const snapshot = onLotPage ? { ...lotDetail(), serverTime: SERVER_TIME } : { items: [{ ...golden, serverTime: SERVER_TIME }] };
    await send(page, stream, 'snapshot', snapshot);
    await page.advance(1_000);
    expect(shown(page)).toHaveTextContent('1 h 30 min');
    expect(page.container).not.toHaveTextContent('The auction has ended');
  });

  it('polls when its stream gives no first answer (held back on the way), and counts by the poll’s answer', async () => {
    const page = await serveThenHydrate('en', url, ui);
    const stream = await openedStream(streamPath);
    const before = polls();
    await page.advance(4_000);
    expect(polls()).toBe(before);
    expect(stream.readyState).not.toBe(FakeEventSource.CLOSED);

    answered(5_000);
    await page.advance(1_000);
    expect(polls()).toBe(before + 1);
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(shown(page)).toHaveTextContent('1 h 30 min');
    expect(page.container).not.toHaveTextContent('The auction has ended');
    if (onLotPage) expect(within(page.container).getByRole('button', { name: 'Place the bid' })).toBeInTheDocument();

    // Then again every 20 seconds, as without a stream at all: here the server's clock has moved ten minutes on.
    answered(10 * 60_000);
    await page.advance(20_000);
    expect(polls()).toBe(before + 2);
    expect(shown(page)).toHaveTextContent('1 h 20 min');
  });
});
