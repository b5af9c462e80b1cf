/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { NumberCategory } from '../../../shared/api-types';
import { renderComponent } from '../../testing/render';
import { NumberFiltersForm } from './NumberFiltersForm';
import { filtersFromQuery } from './search-query';

const CATEGORIES: NumberCategory[] = [
  { id: 'free', name: 'Free', price: 0, pattern: '___-__-__', available: 120 },
  { id: 'gold', name: 'Gold', price: 500_000, pattern: '___-xx-xx', available: 8 },
];

function show(query: string) {
  const filters = filtersFromQuery(new URLSearchParams(query));
  return renderComponent(<NumberFiltersForm filters={filters} categories={CATEGORIES} />, {
    path: '/numbers',
    url: `/numbers?${query}`,
  });
}

const search = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: 'Show numbers' }));

describe('the number filters', () => {
  it('shows the search the page was opened with in its fields', () => {
    show('category=gold&digits=777&endsWith=12&mask=XXX-YY-YY&sort=price_desc');
    expect(screen.getByRole('form', { name: 'Find a number' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveDisplayValue(/^Gold · 500,000\sUZS · ___-xx-xx$/);
    expect(screen.getByLabelText('Contains digits')).toHaveValue('777');
    expect(screen.getByLabelText('Ends with')).toHaveValue('12');
    expect(screen.getByLabelText('Mask')).toHaveValue('XXX-YY-YY');
    expect(screen.getByLabelText('Sort')).toHaveDisplayValue('Most expensive first');
  });

  it('explains the date and the mask fields with their hints', () => {
    show('');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(
      expect.stringContaining('A birthday or another date, e.g. 25.11.1990'),
    );
    expect(screen.getByLabelText('Mask')).toHaveAccessibleDescription(
      'For example XXX-YY-YY: the same letter is the same digit, _ is any digit.',
    );
  });

  // The browser refuses to submit an invalid field and says why in its own words (the form is not noValidate).
  it('holds an ending with other characters than digits as invalid', async () => {
    const { user } = show('');
    const ending = screen.getByLabelText('Ends with');
    await user.type(ending, '12');
    expect(ending).toBeValid();
    await user.type(ending, 'a');
    expect(ending).toBeInvalid();
  });

  it('holds digits with letters as invalid, while a typed date is accepted', async () => {
    const { user } = show('');
    const digits = screen.getByLabelText('Contains digits');
    await user.type(digits, '77x');
    expect(digits).toBeInvalid();
    await user.clear(digits);
    await user.type(digits, '25.11.1990');
    expect(digits).toBeValid();
  });

  it('searches with the filled filters in the URL, keeping the tariff the visitor carries', async () => {
    const { user, router } = show('tariff=ready-1');
    await user.selectOptions(screen.getByLabelText('Category'), 'gold');
    await user.type(screen.getByLabelText('Ends with'), '77');
    await user.selectOptions(screen.getByLabelText('Pattern'), 'Mirror');
    await search(user);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('endsWith')).toBe('77'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('tariff')).toBe('ready-1');
    expect(query.get('category')).toBe('gold');
    expect(query.get('pattern')).toBe('mirror');
  });

  it('resets the filters to the plain list, keeping only the carried tariff', () => {
    show('tariff=ready-1&category=gold&digits=777');
    expect(screen.getByRole('link', { name: 'Reset filters' })).toHaveAttribute('href', '/en/numbers?tariff=ready-1');
  });
});
