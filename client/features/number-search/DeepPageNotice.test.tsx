/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { renderComponent } from '../../testing/render';
import { DeepPageNotice } from './DeepPageNotice';
import { filtersFromQuery } from './search-query';

describe('the notice for a page past the deepest one listed by number', () => {
  it('says why nothing is shown, with the bound written as the language writes numbers, and links to the same search from its first page', () => {
    renderComponent(<DeepPageNotice filters={filtersFromQuery(new URLSearchParams('category=gold&page=9999'))} />, {
      lang: 'en',
      path: '/numbers',
      url: '/numbers?category=gold&page=9999',
    });
    expect(screen.getByRole('status')).toHaveTextContent('10,000');
    const first = screen.getByRole('link', { name: 'First page of results' });
    expect(first).toHaveAttribute('href', '/en/numbers?category=gold');
  });
});
