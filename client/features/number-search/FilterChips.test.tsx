/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { NumberCategory } from '../../../shared/api-types';
import { readyTariff } from '../../testing/purchase-fixtures';
import { draftStorage, renderComponent } from '../../testing/render';
import type { Language } from '../../../shared/languages';
import { FilterChips } from './FilterChips';
import { filtersFromQuery } from './search-query';

const CATEGORIES: NumberCategory[] = [{ id: 'gold', name: 'Gold', price: 500_000, pattern: '___-xx-xx', available: 8 }];
const OQ_PLUS = readyTariff();

function show(query: string, { lang = 'en', draft }: { lang?: Language; draft?: Record<string, unknown> } = {}) {
  const filters = filtersFromQuery(new URLSearchParams(query));
  return renderComponent(<FilterChips filters={filters} categories={CATEGORIES} tariffs={[OQ_PLUS]} />, {
    lang,
    path: '/numbers',
    url: `/numbers?${query}`,
    sessionStorage: draft ? draftStorage(draft) : {},
  });
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the active filters as chips', () => {
  it('are a link each to the same search without that one filter, from its first page, keeping the tariff', () => {
    show('tariff=oq-plus&category=gold&digits=12&endsWith=77&pattern=mirror&sort=price_asc&page=3');
    expect(screen.getByRole('group', { name: 'Active filters' })).toBeInTheDocument();
    expect(hrefOf('Remove filter: Ends with 77')).toBe('/en/numbers?tariff=oq-plus&category=gold&digits=12&pattern=mirror&sort=price_asc');
    expect(hrefOf('Remove filter: Category Gold')).toBe('/en/numbers?tariff=oq-plus&digits=12&endsWith=77&pattern=mirror&sort=price_asc');
    expect(hrefOf('Remove filter: Pattern Mirror')).toBe('/en/numbers?tariff=oq-plus&category=gold&digits=12&endsWith=77&sort=price_asc');
    expect(hrefOf('Remove filter: Sort Cheapest first')).toBe(
      '/en/numbers?tariff=oq-plus&category=gold&digits=12&endsWith=77&pattern=mirror',
    );
  });

  it('say what they remove in the page’s language', () => {
    show('endsWith=77&date=25.11.1990', { lang: 'ru' });
    expect(screen.getByRole('group', { name: 'Включённые фильтры' })).toBeInTheDocument();
    expect(hrefOf('Убрать фильтр: Заканчивается на 77')).toBe('/numbers?date=25.11.1990');
    expect(hrefOf('Убрать фильтр: Дата 25.11.1990')).toBe('/numbers?endsWith=77');
    show('mask=XXX-YY-YY', { lang: 'uz' });
    expect(hrefOf('Filtrni olib tashlash: Niqob XXX-YY-YY')).toBe('/uz/numbers');
  });

  it('remove a filter when followed', async () => {
    const { user, router } = show('endsWith=77&sort=price_desc');
    await user.click(screen.getByRole('link', { name: 'Remove filter: Ends with 77' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_desc'));
  });

  it('are not there without a filter or a tariff (the digits are the search field itself)', () => {
    show('digits=777');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('the tariff chosen on the tariffs page', () => {
  it('shows as a chip named after it, whose link drops the tariff and keeps the search', async () => {
    const { user, router } = show('tariff=oq-plus&sim=esim&endsWith=77');
    const chip = screen.getByRole('link', { name: 'Remove tariff: Oq Plus' });
    expect(chip).toHaveTextContent('Tariff: Oq Plus');
    expect(chip).toHaveAttribute('href', '/en/numbers?sim=esim&endsWith=77');
    await user.click(chip);
    await waitFor(() => expect(router.state.location.search).toBe('?sim=esim&endsWith=77'));
  });

  it('names a tariff built in the constructor by its selection', () => {
    show('tariff=constructor&internetGb=20&minutes=500&sms=100');
    expect(screen.getByRole('link', { name: 'Remove tariff: My tariff: 20 GB, 500 min, 100 SMS' })).toHaveAttribute('href', '/en/numbers');
  });

  it('shows the tariff the tab’s draft holds, as the reservation panel does, and removing it clears the draft', async () => {
    const { user } = show('', { draft: { tariff: { type: 'ready', id: 'oq-plus' } } });
    const chip = await screen.findByRole('link', { name: 'Remove tariff: Oq Plus' });
    await user.click(chip);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Remove tariff: Oq Plus' })).not.toBeInTheDocument());
    expect(JSON.parse(sessionStorage.getItem('purchase-draft')!)).not.toHaveProperty('tariff');
  });
});
