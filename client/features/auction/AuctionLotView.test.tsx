/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import type { AuctionLotDetail } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { confirmedPhone, renderComponent } from '../../testing/render';
import { atServerTime, lotDetail, openedStream, withBrowserFakes } from './auction-test-support';

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

/** The lot's page as the visitor opens it: with a phone confirmed by SMS unless `anonymous`. */
function openLot(
  lot: AuctionLotDetail,
  { action, anonymous = false, lang = 'en' }: { action?: ActionFunction; anonymous?: boolean; lang?: Language } = {},
) {
  return renderComponent(<AuctionLotView initial={lot} />, {
    lang,
    path: '/numbers',
    url: `/numbers?lot=${lot.id}`,
    action,
    localStorage: anonymous ? {} : confirmedPhone('+998901234567'),
  });
}

/** The value of a fact of the lot, found by its term ("Current bid", "Your bid"). */
function fact(term: string): HTMLElement {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

const actionPanel = () => screen.getByRole('region', { name: 'Place a bid' });

describe('the lot page of a running auction', () => {
  it('shows the lot, its current bid and the time left by the server’s clock, and asks a visitor without a confirmed phone to confirm one before bidding', async () => {
    openLot(lotDetail(), { anonymous: true });
    expect(screen.getByRole('heading', { level: 2, name: '+998 77 123 45 67' })).toBeInTheDocument();
    expect(fact('Current bid')).toHaveTextContent('1,500,000 UZS');
    expect(fact('Minimum bid now')).toHaveTextContent('1,600,000 UZS');
    expect(screen.getByRole('timer')).toHaveTextContent('1 h 30 min');
    expect(
      await within(actionPanel()).findByText('Bids are placed with a confirmed phone number. Confirm yours with an SMS code.'),
    ).toBeVisible();
    expect(within(actionPanel()).getByRole('textbox', { name: /Your phone number/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your bid', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('offers an amount and a maximum to a confirmed visitor who has not bid yet, with no standing to report', async () => {
    openLot(lotDetail());
    expect(await screen.findByRole('button', { name: 'Place the bid' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /^Your bid/ })).toHaveAttribute('placeholder', '1,600,000');
    expect(screen.getByRole('button', { name: 'Set the maximum' })).toBeInTheDocument();
    expect(screen.queryByText('You are the highest bidder')).not.toBeInTheDocument();
    expect(screen.queryByText('You have been outbid')).not.toBeInTheDocument();
  });
});

describe('the lot page of the visitor who leads', () => {
  const leading = (changes: Partial<AuctionLotDetail> = {}) => lotDetail({ myBid: 1_500_000, myPosition: 1, ...changes });

  it('says they lead and that only a maximum bids more, with no bid field and no outbid button', async () => {
    openLot(leading());
    expect(await screen.findByText('You are the highest bidder')).toBeVisible();
    expect(fact('Your bid')).toHaveTextContent('1,500,000 UZS · you are leading');
    expect(
      screen.getByText('You cannot outbid yourself: to bid more if someone outbids you, set or raise your maximum below.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Your bid/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bid / })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Your maximum/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set the maximum' })).toBeInTheDocument();
  });

  it('offers buy-now when the lot has a buy-now price, as a payment of its own (never a bid), and shows its refusal', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = openLot(leading({ buyNowPrice: 5_000_000 }), {
      action: async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'lot-payment', ok: false, message: 'The lot has just been sold.' };
      },
    });
    expect(fact('Buy-now price')).toHaveTextContent('5,000,000 UZS');
    await user.click(await screen.findByRole('button', { name: 'Buy now for 5,000,000\u00a0UZS' }));
    expect(await screen.findByText('The lot has just been sold.')).toBeVisible();
    expect(sent).toEqual([{ intent: 'lot-payment', kind: 'buy-now', lotId: 'lot-042', returnPath: '/en/numbers?lot=lot-042', lang: 'en' }]);
  });

  it('tells them their maximum bids for them, which only they see, and lets them change or remove it', async () => {
    openLot(leading({ myMaxBid: 3_000_000 }));
    expect(await screen.findByText('You are highest, bidding up to 3,000,000 UZS for you')).toBeVisible();
    expect(screen.getByText('Your maximum: 3,000,000 UZS (only you see it).', { exact: false })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^New maximum/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the maximum' })).toBeInTheDocument();
  });
});

describe('the lot page of the visitor who was outbid', () => {
  const outbid = (changes: Partial<AuctionLotDetail> = {}) => lotDetail({ myBid: 1_400_000, myPosition: 2, ...changes });

  it('says they were outbid and bids the new minimum in one click', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = openLot(outbid(), {
      action: async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'bid', ok: false, minimumAmount: 1_700_000, message: null };
      },
    });
    expect(await screen.findByText('You have been outbid')).toBeVisible();
    expect(fact('Your bid')).toHaveTextContent('1,400,000 UZS · you are number 2');
    expect(screen.getByRole('textbox', { name: /^Your bid/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place the bid' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Bid 1,600,000\u00a0UZS' }));
    expect(sent).toEqual([{ intent: 'bid', lotId: 'lot-042', minimumBid: '1600000', maximumBid: '2600000', amount: '1600000' }]);
    expect(await screen.findByText('The bid is too low: the minimum now is 1,700,000 UZS.')).toBeVisible();
  });

  it('says a rival’s maximum beat theirs, naming their own maximum', async () => {
    openLot(outbid({ myMaxBid: 1_400_000 }));
    expect(await screen.findByText("A rival's maximum beat yours (1,400,000 UZS): set a higher maximum or bid")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bid 1,600,000\u00a0UZS' })).toBeInTheDocument();
  });

  it('turns a leader’s page to outbid when a rival’s bid arrives on the lot’s stream, and announces the new price', async () => {
    openLot(lotDetail({ myBid: 1_500_000, myPosition: 1 }));
    expect(await screen.findByText('You are the highest bidder')).toBeVisible();
    const stream = await openedStream('/auctions/lot-042/events');
    expect(new URL(stream.url, 'http://site.test').searchParams.get('token')).toBe('stream-token');

    const rivalBid = {
      amount: 1_700_000,
      bidder: '+998 93 *** ** 12',
      createdAt: '2026-11-20T09:00:05.000Z',
      mine: false,
      automatic: false,
    };
    const { bids: _bids, ...lot } = lotDetail({
      currentBid: 1_700_000,
      minimumBid: 1_800_000,
      bidCount: 4,
      myBid: 1_500_000,
      myPosition: 2,
      serverTime: '2026-11-20T09:00:05.000Z',
    });
    stream.send('bid', { lotId: 'lot-042', bid: rivalBid, lot });

    expect(await screen.findByText('You have been outbid')).toBeVisible();
    expect(screen.getByTestId('lot-live')).toHaveTextContent('New bid: 1,700,000 UZS. The minimum bid now is 1,800,000 UZS.');
    expect(fact('Current bid')).toHaveTextContent('1,700,000 UZS');
    expect(fact('Your bid')).toHaveTextContent('1,500,000 UZS · you are number 2');
    expect(screen.getByRole('button', { name: 'Bid 1,800,000\u00a0UZS' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /1,700,000\u00a0UZS \+998 93 \*\*\* \*\* 12/ })).toBeInTheDocument();
  });
});

describe.each(LANGUAGES)('the lot page’s standing in %s', (lang) => {
  const c = CATALOGUES[lang].auction;

  it('tells the leader they lead and how to bid more, with no bid field', async () => {
    openLot(lotDetail({ myBid: 1_500_000, myPosition: 1 }), { lang });
    expect(await screen.findByText(c.highest, { exact: true })).toBeVisible();
    expect(screen.getByText(c.leaderHint)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${c.amountLabel}`) })).not.toBeInTheDocument();
  });

  it('tells an outbid visitor so, with the bid field and the new minimum in one click', async () => {
    openLot(lotDetail({ myBid: 1_400_000, myPosition: 2 }), { lang });
    expect(await screen.findByText(c.outbid, { exact: true })).toBeVisible();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${c.amountLabel}`) })).toBeInTheDocument();
    const bidMinimum = new RegExp(`^${c.bidMinimum.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{amount\\}\\}', '.+')}$`);
    expect(screen.getByRole('button', { name: bidMinimum })).toBeEnabled();
  });
});
