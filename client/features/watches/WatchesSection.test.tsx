/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction, LoaderFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import type { Watch } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { confirmedPhone, findRegionWith, held, renderComponent } from '../../testing/render';
import { filtersFromQuery } from '../number-search/search-query';
import type { WatchOutcome } from './actions';
import { WatchesSection } from './WatchesSection';
import { WATCHES_PATH } from './watches-path';

const WATCH: Watch = {
  id: 'w-1',
  category: null,
  contains: null,
  endsWith: null,
  mask: 'XXXYYYY',
  date: null,
  createdAt: '2030-01-01T10:00:00Z',
  expiresAt: '2030-01-31T10:00:00Z',
  lastSentAt: null,
};

function show({
  query = 'mask=XXX-YY-YY',
  action = jest.fn(),
  watches = async () => [] as Watch[],
  phone = true,
  lang = 'en' as Language,
} = {}) {
  const list = jest.fn<ReturnType<LoaderFunction>, Parameters<LoaderFunction>>(watches);
  const rendered = renderComponent(<WatchesSection filters={filtersFromQuery(new URLSearchParams(query))} categories={[]} />, {
    lang,
    path: '/numbers',
    url: `/numbers?${query}`,
    action: action as ActionFunction,
    routes: [{ path: WATCHES_PATH, loader: list }],
    localStorage: phone ? confirmedPhone('+998901234567') : {},
  });
  return { ...rendered, list };
}

const refusing =
  (intent: 'watch' | 'unwatch', message: string | null): ActionFunction =>
  async () =>
    ({ intent, ok: false, message }) satisfies WatchOutcome;
const watchSearch = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: 'Watch this search' }));

describe('my watches', () => {
  it('asks a visitor without a confirmed phone to confirm it first', async () => {
    show({ phone: false });
    expect(await screen.findByText('Confirm your phone by SMS to save a search and see your watches.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your phone number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch this search' })).not.toBeInTheDocument();
  });

  it('asks for a search first when the search names nothing to watch', async () => {
    show({ query: 'sort=price_asc' });
    expect(await screen.findByText('Search by mask, digits, ending, date or category to watch that search.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch this search' })).not.toBeInTheDocument();
  });

  it('says the search is saved and where the SMS goes, and reads the list again', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, list } = show({
      action: jest.fn(async ({ request }: { request: Request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'watch', ok: true } satisfies WatchOutcome;
      }),
    });
    await screen.findByText('You have no watches yet.');
    await watchSearch(user);
    await findRegionWith('status', 'Saved. We will send an SMS to +998 90 123 45 67 when a matching number comes free.');
    expect(sent).toEqual([{ intent: 'watch', mask: 'XXX-YY-YY' }]);
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('shows the API’s refusal to save the watch', async () => {
    const { user } = show({ action: jest.fn(refusing('watch', 'You already have 3 watches: remove one first.')) });
    await watchSearch(user);
    await findRegionWith('alert', 'You already have 3 watches: remove one first.');
  });

  it('says the watch could not be saved when no answer came', async () => {
    const { user } = show({ action: jest.fn(refusing('watch', null)) });
    await watchSearch(user);
    await findRegionWith('alert', 'The watch could not be saved. Please try again.');
  });

  it('takes no second save while one is being saved', async () => {
    const answer = held<WatchOutcome>();
    const { user } = show({ action: jest.fn(async () => answer.promise) });
    await watchSearch(user);
    expect(screen.getByRole('button', { name: 'Watch this search' })).toBeDisabled();
    answer.resolve({ intent: 'watch', ok: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Watch this search' })).toBeEnabled());
  });

  it('lists the watches, each removable by name, and shows the API’s refusal to remove one', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show({
      watches: async () => [WATCH],
      action: jest.fn(async ({ request }: { request: Request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'unwatch', ok: false, message: 'The watch could not be removed right now.' } satisfies WatchOutcome;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove the watch: mask XXXYYYY' }));
    await findRegionWith('alert', 'The watch could not be removed right now.');
    expect(sent).toEqual([{ intent: 'unwatch', id: 'w-1' }]);
  });
});

describe.each(LANGUAGES)('my watches in %s', (lang) => {
  const c = CATALOGUES[lang].numbers.watches;

  it('says the search is saved and where the SMS goes, then lists the watch by what it watches, removable by name', async () => {
    let saved = false;
    const ending = { ...WATCH, mask: null, endsWith: '1234567' };
    const { user } = show({
      lang,
      query: 'endsWith=1234567',
      watches: async () => (saved ? [ending] : []),
      action: jest.fn(async () => {
        saved = true;
        return { intent: 'watch', ok: true } satisfies WatchOutcome;
      }),
    });
    await screen.findByText(c.none);
    await user.click(screen.getByRole('button', { name: c.watchSearch }));
    await findRegionWith('status', c.saved.replace('{{phone}}', '+998 90 123 45 67'));
    const described = c.kinds.endsWith.replace('{{value}}', '1234567');
    expect(await screen.findByRole('button', { name: c.removeWatch.replace('{{what}}', described) })).toBeEnabled();
  });
});
