/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import type { ShownLot } from '../../api/auctions';
import { renderComponent } from '../../testing/render';
import { AuctionsLink } from './AuctionsLink';

const lot = (id: string) => ({ id }) as ShownLot;

describe('the way to the auctions near the top of /numbers', () => {
  it('links to the auction section with the number of active lots', () => {
    renderComponent(<AuctionsLink lots={[lot('a'), lot('b'), lot('c')]} />);
    expect(screen.getByRole('link', { name: 'Auctions: 3' })).toHaveAttribute('href', '#auction-section-title');
  });

  it('links there without a number while the lots are still coming, and in the page’s language', () => {
    renderComponent(<AuctionsLink lots={new Promise<ShownLot[]>(() => {})} />, { lang: 'ru' });
    expect(screen.getByRole('link', { name: 'Аукционы' })).toHaveAttribute('href', '#auction-section-title');
  });
});
