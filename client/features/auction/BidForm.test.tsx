/** @jest-environment @happy-dom/jest-environment */
import { act, screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import type { AuctionLot, PlaceBidResponse } from '../../../shared/api-types';
import { findRegionWith, held, renderComponent } from '../../testing/render';
import { auctionIntents, type BidOutcome } from './actions';
import { FORM_LOT as LOT } from './auction-test-support';
import { BidForm } from './BidForm';
import { currentMainAction } from '../telegram/buttons';

/** The page's action for a bid as far as it runs without the network: the amount read and checked against the lot's floor. */
const checksOnly: ActionFunction = async ({ request }) => auctionIntents.bid(await request.formData());
const refusing =
  (minimumAmount: number | null, message: string | null): ActionFunction =>
  async () =>
    ({ intent: 'bid', ok: false, minimumAmount, message }) satisfies BidOutcome;

function show(action: ActionFunction, lot: AuctionLot = LOT, onAccepted = jest.fn()) {
  const rendered = renderComponent(<BidForm lot={lot} onAccepted={onAccepted} />, { path: '/numbers/auction/lot-1', action });
  return { ...rendered, onAccepted };
}

async function bid(user: ReturnType<typeof show>['user'], amount: string) {
  await user.type(screen.getByLabelText('Your bid'), amount);
  await user.click(screen.getByRole('button', { name: 'Place the bid' }));
}

describe('the bid form', () => {
  it('tells the smallest bid accepted, next to the field, when the bid is under the lot’s minimum', async () => {
    const { user } = show(checksOnly);
    await bid(user, '500 000');
    const field = screen.getByLabelText('Your bid');
    await screen.findByText('The bid is too low: the minimum now is 1,100,000 UZS.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The bid is too low: the minimum now is 1,100,000'));
  });

  it('refuses a bid more than the lot’s plain-bid steps above the minimum, pointing to a maximum, as the API does', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(async (args) => {
      sent.push(Object.fromEntries(await args.request.clone().formData()));
      return checksOnly(args);
    });
    // Minimum 1,100,000, step 100,000, 10 steps: at most 2,100,000 as a plain bid.
    await bid(user, '2 100 001');
    await screen.findByText('A bid can be at most 2,100,000 UZS now: to offer more, set a maximum.');
    expect(screen.getByLabelText('Your bid')).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0]).toMatchObject({ minimumBid: '1100000', maximumBid: '2100000' });
  });

  it('tells the largest plain bid when the API refuses the bid as too far above the minimum', async () => {
    const { user } = show(
      async () => ({ intent: 'bid', ok: false, minimumAmount: null, maximumAmount: 1_800_000, message: 'x' }) satisfies BidOutcome,
    );
    await bid(user, '1 900 000');
    expect(await screen.findByText('A bid can be at most 1,800,000 UZS now: to offer more, set a maximum.')).toBeInTheDocument();
  });

  it('tells the new minimum when the API refuses the bid as too low', async () => {
    const { user } = show(refusing(1_300_000, null));
    await bid(user, '1 100 000');
    expect(await screen.findByText('The bid is too low: the minimum now is 1,300,000 UZS.')).toBeInTheDocument();
  });

  it('shows the API’s own words for another refusal', async () => {
    const { user } = show(refusing(null, 'Too many bids in a row. Please try again in 30 s.'));
    await bid(user, '1 200 000');
    expect(await screen.findByText('Too many bids in a row. Please try again in 30 s.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your bid')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the bid could not be placed when no answer came', async () => {
    const { user } = show(refusing(null, null));
    await bid(user, '1 200 000');
    expect(await screen.findByText('The bid could not be placed. Please try again.')).toBeInTheDocument();
  });

  it('takes no second bid while one is being placed', async () => {
    const answer = held<BidOutcome>();
    const { user } = show(async () => answer.promise);
    await bid(user, '1 200 000');
    expect(screen.getByRole('button', { name: 'Place the bid' })).toBeDisabled();
    answer.resolve({ intent: 'bid', ok: false, minimumAmount: null, message: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place the bid' })).toBeEnabled());
  });

  it('confirms an accepted bid, hands it to the lot and empties the field', async () => {
    const result: PlaceBidResponse = {
      bid: { amount: 1_200_000, bidder: '+998 90 *** ** 67', createdAt: '2030-01-01T12:01:00Z', mine: true, automatic: false },
      lot: { ...LOT, currentBid: 1_200_000, minimumBid: 1_300_000, myBid: 1_200_000, myPosition: 1 },
    };
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, onAccepted } = show(async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return { intent: 'bid', ok: true, result } satisfies BidOutcome;
    });
    await bid(user, '1 200 000');
    await findRegionWith('status', 'Your bid of 1,200,000\u00a0UZS is accepted.');
    // An effect of the accepted answer's render: it runs after that render is on screen, not with it.
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(result));
    await waitFor(() => expect(screen.getByLabelText('Your bid')).toHaveValue(''));
    expect(sent).toEqual([{ intent: 'bid', lotId: 'lot-1', minimumBid: '1100000', maximumBid: '2100000', amount: '1200000' }]);
  });

  it('tells an outbid bidder so and bids the new minimum with one button', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(
      async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'bid', ok: false, minimumAmount: null, message: null } satisfies BidOutcome;
      },
      { ...LOT, myBid: 1_000_000, myPosition: 2 },
    );
    expect(screen.getByText('You have been outbid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bid 1,100,000\u00a0UZS' }));
    await screen.findByText('The bid could not be placed. Please try again.');
    expect(sent[0]).toMatchObject({ intent: 'bid', amount: '1100000' });
  });

  it('tells the leader they lead, with no bid field and no bid at the buy-now price (buying now is a payment of its own)', async () => {
    show(refusing(null, 'You are already the highest bidder.'), { ...LOT, myBid: 1_000_000, myPosition: 1 });
    expect(screen.getByText('You are the highest bidder')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your bid')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy now for 5,000,000\u00a0UZS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks the bid as the page’s main action, which Telegram’s Main button clicks through the form’s own checks; none for the leader', async () => {
    const { user, unmount } = show(checksOnly);
    expect(currentMainAction()).toBe(screen.getByRole('button', { name: 'Place the bid' }));
    await user.type(screen.getByLabelText('Your bid'), '500 000');
    act(() => currentMainAction()!.click());
    expect(await screen.findByText('The bid is too low: the minimum now is 1,100,000 UZS.')).toBeInTheDocument();
    unmount();

    show(checksOnly, { ...LOT, myBid: 1_000_000, myPosition: 1 });
    await screen.findByTestId('leader-hint');
    expect(currentMainAction()).toBeNull();
  });
});
