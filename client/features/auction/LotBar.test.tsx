/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { AuctionLotDetail } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { CATALOGUES } from '../../../locales/catalogues';
import { confirmedPhone, renderComponent } from '../../testing/render';
import { atServerTime, lotDetail, withBrowserFakes } from './auction-test-support';

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

function openLot(lot: AuctionLotDetail, { anonymous = false, lang = 'en' }: { anonymous?: boolean; lang?: Language } = {}) {
  return renderComponent(<AuctionLotView initial={lot} />, {
    lang,
    path: '/numbers',
    url: `/numbers?lot=${lot.id}`,
    localStorage: anonymous ? {} : confirmedPhone('+998901234567'),
  });
}

const bar = (name = 'Bidding on this number') => screen.getByRole('region', { name });

describe('the bar at the bottom of a running lot', () => {
  it('shows the current price and the time left, and takes a confirmed visitor to the bid field', async () => {
    const { user } = openLot(lotDetail());
    expect(within(bar()).getByText('Current bid').nextElementSibling).toHaveTextContent('1,500,000 UZS');
    expect(within(bar()).getByText('Time left').nextElementSibling).toHaveTextContent('1 h 30 min');
    // The page's one timer stays the lot's own fact: the bar repeats it as plain text.
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    await screen.findByRole('button', { name: 'Place the bid' });
    await user.click(within(bar()).getByRole('button', { name: 'Make a bid' }));
    expect(screen.getByRole('textbox', { name: /^Your bid/ })).toHaveFocus();
  });

  it('says the starting price before any bid, and takes a visitor without a confirmed phone to the phone field', async () => {
    const { user } = openLot(lotDetail({ currentBid: null, bidCount: 0, bids: [], minimumBid: 1_000_000 }), { anonymous: true });
    expect(within(bar()).getByText('Starting price').nextElementSibling).toHaveTextContent('1,000,000 UZS');
    await user.click(within(bar()).getByRole('button', { name: 'Make a bid' }));
    expect(screen.getByRole('textbox', { name: /Your phone number/ })).toHaveFocus();
  });

  it('takes the leader, who has no bid field, to their maximum', async () => {
    const { user } = openLot(lotDetail({ myBid: 1_500_000, myPosition: 1 }));
    await screen.findByRole('button', { name: 'Set the maximum' });
    await user.click(within(bar()).getByRole('button', { name: 'Make a bid' }));
    expect(screen.getByRole('textbox', { name: /^Your maximum/ })).toHaveFocus();
  });

  it('is not shown once the lot has ended', () => {
    openLot(lotDetail({ status: 'ended', endsAt: '2026-11-20T08:00:00.000Z' }));
    expect(screen.queryByRole('region', { name: 'Bidding on this number' })).not.toBeInTheDocument();
  });

  it.each(LANGUAGES)('speaks %s, plainly: the end in Tashkent time, no server’s clock', (lang) => {
    const c = CATALOGUES[lang].auction;
    openLot(lotDetail(), { lang });
    expect(screen.getByText(c.endsAt, { selector: 'dt' }).nextElementSibling).toHaveTextContent(c.tashkentTime);
    expect(document.body).not.toHaveTextContent(/server|сервер/i);
    const region = bar(c.bar.label);
    expect(within(region).getByText(c.currentBid)).toBeInTheDocument();
    expect(within(region).getByText(c.timeLeft)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: c.bar.go })).toBeInTheDocument();
  });
});
