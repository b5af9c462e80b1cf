/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { NumberCategory } from '../../../shared/api-types';
import { renderComponent } from '../../testing/render';
import { NumberFiltersForm } from './NumberFiltersForm';
import { filtersFromQuery } from './search-query';

const CATEGORIES: NumberCategory[] = [{ id: 'gold', name: 'Gold', price: 500_000, pattern: '___-xx-xx', available: 8 }];

type Viewport = { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const viewport = (width: number) => (window as unknown as Viewport).happyDOM.setViewport({ width, height: 844 });

function show(query: string) {
  return renderComponent(<NumberFiltersForm filters={filtersFromQuery(new URLSearchParams(query))} categories={CATEGORIES} />, {
    path: '/numbers',
    url: `/numbers?${query}`,
  });
}

describe('the other filters on a phone', () => {
  beforeEach(() => viewport(390));
  afterAll(() => viewport(1024));

  it('keep the digits on the form and open the rest as a dialog, focus inside it', async () => {
    const { user } = show('');
    expect(screen.getByLabelText('Contains digits')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('open');
    expect(screen.getByLabelText('Category')).toHaveFocus();
    expect(sheet).toContainElement(screen.getByLabelText('Ends with'));
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const { user } = show('');
    const opener = await screen.findByRole('button', { name: 'Filters' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button, the focus back on the opener', async () => {
    const { user } = show('');
    const opener = await screen.findByRole('button', { name: 'Filters' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('says on its button how many filters are on', async () => {
    show('category=gold&endsWith=77&digits=12');
    expect(await screen.findByRole('button', { name: 'Filters: 2' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('applies the filters chosen in it with the digits typed on the form, and closes', async () => {
    const { user, router } = show('tariff=ready-1');
    await user.type(screen.getByLabelText('Contains digits'), '12');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Category'), 'gold');
    await user.type(screen.getByLabelText('Ends with'), '77');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('endsWith')).toBe('77'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      tariff: 'ready-1',
      digits: '12',
      category: 'gold',
      endsWith: '77',
      date: '',
      mask: '',
      pattern: '',
      sort: '',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the other filters on a wide screen', () => {
  it('stand in the form beside the results: no dialog, no button to open one', () => {
    viewport(1280);
    show('endsWith=77');
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Find a number' })).toContainElement(screen.getByLabelText('Ends with'));
    expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit');
  });
});
