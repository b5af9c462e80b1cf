/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { AuctionLot } from '../../../shared/api-types';
import { renderComponent } from '../../testing/render';
import { AuctionSection } from './AuctionSection';
import { atServerTime, lotDetail, openedStream, withBrowserFakes } from './auction-test-support';

withBrowserFakes();
atServerTime();

/** A lot as the list gives it (no bids, no visitor's position). */
function listed(changes: Partial<AuctionLot> = {}): AuctionLot {
  const { bids: _bids, ...lot } = lotDetail(changes);
  return lot;
}

const golden = listed();
const fresh = listed({ id: 'lot-043', number: '+998777777777', formatted: '+998 77 777 77 77', currentBid: null, bidCount: 0 });

function openList(lots: AuctionLot[]) {
  return renderComponent(<AuctionSection lots={lots} />, { path: '/numbers', url: '/numbers?sim=esim' });
}

/** The card of one lot in the list, found by its number. */
const card = (formatted: string) => screen.getAllByRole('listitem').find((item) => item.textContent?.includes(formatted)) as HTMLElement;
const price = (item: HTMLElement) => within(item).getAllByRole('definition')[0];

describe('the auctions on the numbers page', () => {
  it('lists each lot with its current bid (or starting price) and time left, and a link to its auction named by the number that keeps the SIM chosen', () => {
    openList([golden, fresh]);
    expect(screen.getByRole('heading', { level: 2, name: 'Auction' })).toBeInTheDocument();
    expect(within(card('+998 77 123 45 67')).getByText('Current bid')).toBeVisible();
    expect(price(card('+998 77 123 45 67'))).toHaveTextContent('1,500,000 UZS');
    expect(within(card('+998 77 123 45 67')).getByText('1 h 30 min')).toBeVisible();
    expect(within(card('+998 77 777 77 77')).getByText('Starting price')).toBeVisible();
    expect(price(card('+998 77 777 77 77'))).toHaveTextContent('1,000,000 UZS');
    expect(screen.getByRole('link', { name: 'Go to the auction +998 77 123 45 67' })).toHaveAttribute(
      'href',
      '/en/numbers?sim=esim&lot=lot-042',
    );
    expect(screen.getByRole('link', { name: 'Go to the auction +998 77 777 77 77' })).toHaveAttribute(
      'href',
      '/en/numbers?sim=esim&lot=lot-043',
    );
  });

  it('says so when no auction is running', () => {
    openList([]);
    expect(screen.getByText('No auctions are running right now.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Go to the auction/ })).not.toBeInTheDocument();
  });

  it('shows a lot’s new current bid as the stream of every lot brings it, and leaves the other lots as they were', async () => {
    openList([golden, fresh]);
    const stream = await openedStream('/auctions/events');
    stream.send('bid', { lotId: 'lot-043', lot: { ...fresh, currentBid: 1_200_000, minimumBid: 1_300_000, bidCount: 1 } });
    expect(await within(card('+998 77 777 77 77')).findByText('Current bid')).toBeVisible();
    expect(price(card('+998 77 777 77 77'))).toHaveTextContent('1,200,000 UZS');
    expect(price(card('+998 77 123 45 67'))).toHaveTextContent('1,500,000 UZS');
  });

  it('takes the bids placed before its stream opened from the stream’s snapshot, without adding lots it does not list', async () => {
    openList([golden]);
    const stream = await openedStream('/auctions/events');
    stream.send('snapshot', { items: [{ ...golden, currentBid: 1_900_000 }, fresh] });
    expect(await within(card('+998 77 123 45 67')).findByText('1,900,000 UZS')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
