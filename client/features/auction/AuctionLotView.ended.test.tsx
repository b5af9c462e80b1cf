/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor, within } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import type { AuctionLotDetail } from '../../../shared/api-types';
import { confirmedPhone, findRegionWith, renderComponent } from '../../testing/render';
import { atServerTime, FakeEventSource, lotDetail, openedStream, SERVER_TIME, withBrowserFakes } from './auction-test-support';

// The lot's own reads with the visitor's token (a refresh, the stream's token) never reach a network here.
jest.mock('../../api/auctions', () => ({
  fetchLot: jest.fn(() => new Promise(() => {})),
  lotStreamToken: jest.fn(async () => 'stream-token'),
}));

// Imported after the mock is in place (esbuild does not hoist jest.mock above the imports).
let AuctionLotView: typeof import('./AuctionLotView').AuctionLotView;
beforeAll(async () => {
  ({ AuctionLotView } = await import('./AuctionLotView'));
});

withBrowserFakes();
atServerTime();

/** The lot's page, opened by a visitor whose phone is confirmed by SMS. */
function openLot(lot: AuctionLotDetail, action?: ActionFunction) {
  return renderComponent(<AuctionLotView initial={lot} />, {
    path: '/numbers',
    url: `/numbers?sim=esim&lot=${lot.id}`,
    action,
    localStorage: confirmedPhone('+998901234567'),
  });
}

/** The value of a fact of the lot, found by its term ("Your bid", "Starts"). */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** Nothing to bid with: no amount, no maximum, no one-click bid. */
function expectNoBidding() {
  expect(screen.queryByRole('textbox', { name: /^Your bid/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Set the maximum' })).not.toBeInTheDocument();
}

/** Ended at 14:00 Tashkent time; the winner may buy until 14:30. */
const won = (changes: Partial<AuctionLotDetail> = {}) =>
  lotDetail({
    status: 'ended',
    endsAt: SERVER_TIME,
    currentBid: 2_000_000,
    minimumBid: 2_100_000,
    myBid: 2_000_000,
    myPosition: 1,
    myTurnToBuyUntil: '2026-11-20T09:30:00.000Z',
    ...changes,
  });

describe('the lot page of the winner', () => {
  it('says they won, at which price and until when they may buy, with one button to buy and nothing to bid with', () => {
    openLot(won());
    const panel = screen.getByRole('region', { name: 'You won!' });
    expect(within(panel).getByRole('heading', { level: 3, name: 'You won!' })).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'The number is yours for 2,000,000 UZS. Buy it before 20.11.2026 14:30 (Tashkent time), otherwise it is offered again at auction.',
      ),
    ).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Buy the number' })).toBeEnabled();
    expectNoBidding();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('offers the next bidder their turn to buy at their own best bid once the winner has not paid', () => {
    openLot(won({ myBid: 1_800_000, myPosition: 2 }));
    expect(screen.getByRole('heading', { level: 3, name: 'You won!' })).toBeInTheDocument();
    expect(screen.getByText(/^The number is yours for 1,800,000 UZS\. Buy it before 20\.11\.2026 14:30/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy the number' })).toBeInTheDocument();
  });

  it('books the number through the page’s action and goes on to the numbers page with the SIM chosen, to choose a tariff', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, router } = openLot(won(), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return { intent: 'buy-lot', ok: true };
    });
    await user.click(screen.getByRole('button', { name: 'Buy the number' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sim=esim'));
    expect(router.state.location.pathname).toBe('/en/numbers');
    expect(sent).toEqual([{ intent: 'buy-lot', lotId: 'lot-042' }]);
  });

  it('says in words when the number could not be booked, and lets them try again', async () => {
    const { user } = openLot(won(), async () => ({ intent: 'buy-lot', ok: false, message: null }));
    await user.click(screen.getByRole('button', { name: 'Buy the number' }));
    expect(await findRegionWith('alert', 'The number could not be reserved for you. Please try again.')).toHaveTextContent(
      'The number could not be reserved for you. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Buy the number' })).toBeEnabled();
  });
});

describe('the lot page once the auction is over for the visitor', () => {
  it('tells a bidder who did not win that the auction is over, with their final place and no way to buy or bid', () => {
    openLot(lotDetail({ status: 'ended', endsAt: SERVER_TIME, myBid: 1_400_000, myPosition: 2 }));
    // The panel is headed by what happened, not by an offer to bid.
    expect(screen.getByRole('region', { name: 'The auction has ended' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Place a bid' })).not.toBeInTheDocument();
    expect(fact('Your bid')).toHaveTextContent('1,400,000 UZS · you are number 2');
    expect(screen.queryByRole('button', { name: 'Buy the number' })).not.toBeInTheDocument();
    expectNoBidding();
  });

  it('names the price a sold number went for', () => {
    openLot(lotDetail({ status: 'sold', endsAt: SERVER_TIME, currentBid: 5_000_000, soldPrice: 5_000_000 }));
    expect(screen.getByText('The number was sold for 5,000,000 UZS.')).toBeVisible();
    expectNoBidding();
  });

  it('stops the bidding when the time by the server’s clock has run out, even before the lot says it ended', async () => {
    openLot(lotDetail({ endsAt: SERVER_TIME }));
    // By the device's clock alone (no answer from the server yet) the lot is being decided: the form stays.
    expect(await screen.findByRole('button', { name: 'Place the bid' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Ending: the result is being confirmed');
    expect(screen.queryByRole('region', { name: 'The auction has ended' })).not.toBeInTheDocument();
    // The lot's stream gives the server's clock: the time has run out by it, the lot still active.
    const stream = await openedStream('/auctions/lot-042/events');
    stream.send('snapshot', lotDetail({ endsAt: SERVER_TIME }));
    expect(await screen.findByRole('region', { name: 'The auction has ended' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('The auction has ended');
    expectNoBidding();
  });

  it('shows the lot over when its stream says it ended, and closes the stream', async () => {
    openLot(lotDetail({ myBid: 1_500_000, myPosition: 1 }));
    expect(await screen.findByText('You are the highest bidder')).toBeVisible();
    const stream = await openedStream('/auctions/lot-042/events');
    const { bids: _bids, ...ended } = lotDetail({ status: 'ended', endsAt: SERVER_TIME, myBid: 1_500_000, myPosition: 1 });
    stream.send('ended', { lot: ended });
    expect(await screen.findByRole('region', { name: 'The auction has ended' })).toBeVisible();
    expect(screen.queryByText('You are the highest bidder')).not.toBeInTheDocument();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('says when an auction not yet started begins, with nothing to bid with yet', () => {
    openLot(lotDetail({ status: 'upcoming', startsAt: '2026-11-21T09:00:00.000Z', endsAt: '2026-11-22T09:00:00.000Z', currentBid: null }));
    expect(screen.getByText('The auction starts 21.11.2026 14:00 (Tashkent time).')).toBeVisible();
    expect(fact('Starts')).toHaveTextContent('21.11.2026 14:00 (Tashkent time)');
    expect(fact('Starting price')).toHaveTextContent('1,000,000 UZS');
    expectNoBidding();
  });
});
