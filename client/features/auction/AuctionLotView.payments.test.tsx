/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import type { AuctionLotDetail } from '../../../shared/api-types';
import { confirmedPhone, renderComponent } from '../../testing/render';
import { atServerTime, lotDetail, withBrowserFakes } from './auction-test-support';

// The lot's own reads with the visitor's token (a refresh, the stream's token) never reach a network here.
jest.mock('../../api/auctions', () => ({
  fetchLot: jest.fn(() => new Promise(() => {})),
  lotStreamToken: jest.fn(async () => 'stream-token'),
}));

let AuctionLotView: typeof import('./AuctionLotView').AuctionLotView;
beforeAll(async () => {
  ({ AuctionLotView } = await import('./AuctionLotView'));
});

withBrowserFakes();
atServerTime();

function openLot(lot: AuctionLotDetail, action?: ActionFunction) {
  return renderComponent(<AuctionLotView initial={lot} />, {
    lang: 'en',
    path: '/numbers',
    url: `/numbers?lot=${lot.id}&payment=declined`,
    action,
    localStorage: confirmedPhone('+998901234567'),
  });
}

/** A premium lot: bids need a deposit of 100,000 UZS (10 % of its start price). */
const premium = (changes: Partial<AuctionLotDetail> = {}) =>
  lotDetail({ depositAmount: 100_000, rules: { ...lotDetail().rules, depositPercent: 10 }, ...changes });
const actionPanel = () => screen.getByRole('region', { name: 'Place a bid' });

describe('the deposit step of a premium lot (rule 8)', () => {
  it('asks for the deposit before any bid, and starts its payment coming back to the lot', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = openLot(premium(), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return { intent: 'lot-payment', ok: false, message: 'Your deposit for this lot is already paid.' };
    });
    const step = await within(actionPanel()).findByRole('region', { name: 'Pay the deposit to bid' });
    expect(step).toHaveTextContent('Bidding on this lot needs a deposit of 100,000 UZS.');
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set the maximum' })).not.toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Pay the deposit of 100,000\u00a0UZS' }));
    expect(await screen.findByText('Your deposit for this lot is already paid.')).toBeVisible();
    // The payment comes back to this lot, without the outcome of an earlier one.
    expect(sent).toEqual([{ intent: 'lot-payment', kind: 'deposit', lotId: 'lot-042', returnPath: '/en/numbers?lot=lot-042', lang: 'en' }]);
  });

  it('says a pending deposit is waiting, and bids once it is held', async () => {
    const { unmount } = openLot(premium({ myDeposit: { status: 'pending', amount: 100_000, expiresAt: '2026-11-20T09:15:00.000Z' } }));
    expect(await screen.findByText(/Your deposit payment is waiting until/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    unmount();
    openLot(premium({ myDeposit: { status: 'held', amount: 100_000, expiresAt: '2026-11-20T09:15:00.000Z' } }));
    expect(await screen.findByRole('button', { name: 'Place the bid' })).toBeEnabled();
    expect(screen.getByText('Your deposit of 100,000 UZS is held while you take part.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Pay the deposit to bid' })).not.toBeInTheDocument();
  });

  it('says the deposit was returned, or kept from a winner who did not pay, once the lot is over', async () => {
    const { unmount } = openLot(
      premium({ status: 'ended', myDeposit: { status: 'returned', amount: 100_000, expiresAt: '2026-11-20T09:15:00.000Z' } }),
    );
    expect(await screen.findByText('The auction has ended', { selector: 'h3' })).toBeVisible();
    unmount();
    openLot(
      premium({
        status: 'sold',
        soldPrice: 2_000_000,
        myDeposit: { status: 'returned', amount: 100_000, expiresAt: '2026-11-20T09:15:00.000Z' },
      }),
    );
    expect(await screen.findByText('Your deposit of 100,000 UZS has been returned.')).toBeVisible();
  });

  it('states the deposit among the lot’s rules, in its own figures', () => {
    openLot(premium());
    const rules = screen.getByRole('region', { name: 'Rules of this auction' });
    expect(rules).toHaveTextContent('Bidding on this lot needs a deposit of 100,000 UZS (10% of the start price)');
    expect(rules).toHaveTextContent('cannot bid or buy now on any lot for 720 h');
  });
});

describe('buy-now and the ban (rules 1 and 7)', () => {
  it('shows a pending buy-now with its window, and goes back to its payment', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = openLot(
      lotDetail({ buyNowPrice: 5_000_000, myBuyNow: { status: 'pending', amount: 5_000_000, expiresAt: '2026-11-20T09:15:00.000Z' } }),
      async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'lot-payment', ok: true };
      },
    );
    expect(await screen.findByText(/Your buy-now payment of 5,000,000 UZS is waiting until/)).toBeVisible();
    // Meanwhile the auction goes on: the visitor may still bid.
    expect(screen.getByRole('button', { name: 'Place the bid' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Go to the payment' }));
    expect(sent).toEqual([{ intent: 'lot-payment', kind: 'buy-now', lotId: 'lot-042', returnPath: '/en/numbers?lot=lot-042', lang: 'en' }]);
    const rules = screen.getByRole('region', { name: 'Rules of this auction' });
    expect(rules).toHaveTextContent('choosing it starts a payment of 5,000,000 UZS to make within 15 min');
  });

  it('tells a barred phone why and until when, with no bid form and no buy-now', async () => {
    openLot(lotDetail({ buyNowPrice: 5_000_000, myBannedUntil: '2026-12-20T09:15:00.000Z' }));
    const alert = await within(actionPanel()).findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent(/You cannot bid or buy now until .*: a payment you chose or a lot you won was not paid in time\./);
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy now/ })).not.toBeInTheDocument();
  });

  it('offers the buyer of a lot bought now to go on with the number', async () => {
    openLot(
      lotDetail({
        status: 'sold',
        soldPrice: 5_000_000,
        buyNowPrice: 5_000_000,
        myBuyNow: { status: 'paid', amount: 5_000_000, expiresAt: '2026-11-20T09:15:00.000Z' },
      }),
    );
    expect(
      await screen.findByText('You bought this number for 5,000,000 UZS. Choose its SIM and tariff to have it activated.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy the number' })).toBeEnabled();
  });
});

describe('back from the sandbox payment', () => {
  it("reads the owner's own state with their token: a page rendered for nobody shows them the buy-now they paid", async () => {
    const { fetchLot } = jest.requireMock<{ fetchLot: jest.Mock }>('../../api/auctions');
    const sold = lotDetail({ status: 'sold', soldPrice: 250_000_000, buyNowPrice: 250_000_000 });
    fetchLot.mockResolvedValueOnce({
      ...sold,
      serverTime: '2026-11-20T09:00:00.000Z',
      myBuyNow: { status: 'paid', amount: 250_000_000, expiresAt: '2026-11-20T09:15:00.000Z' },
    });
    openLot(sold);
    expect(
      await screen.findByText('You bought this number for 250,000,000 UZS. Choose its SIM and tariff to have it activated.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy the number' })).toBeEnabled();
    expect(fetchLot).toHaveBeenCalledWith(sold.id);
  });
});
