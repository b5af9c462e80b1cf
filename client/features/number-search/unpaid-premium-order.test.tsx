/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor, within } from '@testing-library/react';
import type { NumberList, Order, PhoneNumber } from '../../../shared/api-types';
import { ApiFailure } from '../../../shared/api-failure';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { withBrowserFakes } from '../../testing/browser-fakes';
import { renderComponent } from '../../testing/render';
import { filtersFromQuery } from './search-query';

// The API's booking route stands in for the network: the page's real action reads its refusal.
jest.mock('../../api/reservations', () => ({ ...jest.requireActual('../../api/reservations'), reserveNumber: jest.fn() }));
jest.mock('../../api/writer', () => ({ ...jest.requireActual('../../api/writer'), send: jest.fn() }));

// Imported after the mock is in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { reserveNumber } = require('../../api/reservations') as typeof import('../../api/reservations');
const { send } = require('../../api/writer') as typeof import('../../api/writer');
const { bookingIntents } = require('../booking/actions') as typeof import('../booking/actions');
const { NumberResults } = require('./NumberResults') as typeof import('./NumberResults');
const { useNumberChoice } = require('./use-number-choice') as typeof import('./use-number-choice');
/* eslint-enable @typescript-eslint/no-require-imports */

withBrowserFakes();

const GOLD: PhoneNumber = {
  number: '+998771112233',
  formatted: '+998 77 111 22 33',
  category: 'gold',
  price: 1_500_000,
  status: 'free',
  available: true,
  auctionId: null,
};
const numbers: NumberList = { items: [GOLD], page: 1, pageSize: 20, total: 1, totalExact: true, nextCursor: null };

function Results() {
  const choice = useNumberChoice(null, () => undefined);
  return (
    <NumberResults
      numbers={numbers}
      filters={filtersFromQuery(new URLSearchParams())}
      categories={null}
      held={null}
      choice={choice}
      hydrated
    />
  );
}

/** The API's refusal of the choice, as the route test of premium_order_unpaid at the booking has it. */
function refuse(error: Record<string, unknown>) {
  jest.mocked(reserveNumber).mockRejectedValue(new ApiFailure(429, { error }));
}

/** What the page's action was posted, in order. */
let posted: Record<string, FormDataEntryValue>[] = [];
beforeEach(() => {
  posted = [];
});

async function chooseGold(lang: Language = 'en') {
  const rendered = renderComponent(<Results />, {
    lang,
    path: '/numbers',
    action: async ({ request }) => {
      const form = await request.formData();
      posted.push(Object.fromEntries(form));
      return form.get('intent') === 'cancel-order' ? bookingIntents['cancel-order'](form) : bookingIntents.reserve(form);
    },
  });
  const card = screen.getByText(GOLD.formatted).closest('li')!;
  await rendered.user.click(
    within(card).getByRole('button', { name: CATALOGUES[lang].numbers.results.chooseNumber.replace('{{number}}', GOLD.formatted) }),
  );
  return { card: within(card), user: rendered.user };
}

describe('choosing a premium number while the visitor’s premium order is unpaid', () => {
  it('says so at once in the API’s words, naming the order, with a link to pay it', async () => {
    const message =
      'You have an unpaid order for the premium number +998 90 765 43 21. Pay for it first, or choose another premium number in 30 min, when that order is released.';
    refuse({ code: 'premium_order_unpaid', message, retryAfterSeconds: 1800, orderId: 'ord-42', number: '+998907654321' });
    const { card } = await chooseGold();
    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Pay for the order of +998 90 765 43 21' })).toHaveAttribute(
      'href',
      '/en/payment?order=ord-42',
    );
  });

  it('links to nothing when the refusal names no order', async () => {
    refuse({ code: 'premium_order_unpaid', message: 'You already have an unpaid order for a premium number.' });
    const { card } = await chooseGold();
    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent('You already have an unpaid order for a premium number.');
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it.each(LANGUAGES)('names the link to pay and the button to cancel in %s, to that language’s payment page', async (lang) => {
    refuse({ code: 'premium_order_unpaid', message: '…', orderId: 'ord-42', number: '+998907654321' });
    const { card } = await chooseGold(lang);
    const alert = await card.findByRole('alert');
    const name = CATALOGUES[lang].numbers.choice.payUnpaid.replace('{{number}}', '+998 90 765 43 21');
    expect(within(alert).getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/\/payment\?order=ord-42$/));
    expect(within(alert).getByRole('button', { name: CATALOGUES[lang].numbers.choice.cancelUnpaid })).toBeEnabled();
  });

  it('cancels that order through the page action, says so, and lets the visitor choose again', async () => {
    refuse({ code: 'premium_order_unpaid', message: 'Unpaid order.', orderId: 'ord-42', number: '+998907654321' });
    jest.mocked(send).mockResolvedValue({ id: 'ord-42', status: 'expired', formatted: '+998 90 765 43 21' } as Order as never);
    const { card, user } = await chooseGold();
    await user.click(within(await card.findByRole('alert')).getByRole('button', { name: 'Cancel that order' }));
    expect(await card.findByRole('status')).toHaveTextContent('The order of +998 90 765 43 21 is cancelled. Choose a number again.');
    expect(posted.at(-1)).toEqual({ intent: 'cancel-order', orderId: 'ord-42' });
    expect(send).toHaveBeenCalledWith('cancelOrder', { param: 'ord-42' });
    expect(card.queryByRole('alert')).toBeNull();
    // The number stays choosable.
    expect(card.getByRole('button', { name: `Choose ${GOLD.formatted}` })).toBeEnabled();
  });

  it('says in the API’s words why the order could not be cancelled, and keeps the link to pay it and the button', async () => {
    refuse({ code: 'premium_order_unpaid', message: 'Unpaid order.', orderId: 'ord-42', number: '+998907654321' });
    const pending = 'A payment of this order is in progress. Wait for its result before cancelling the order.';
    jest.mocked(send).mockRejectedValue(new ApiFailure(409, { error: { code: 'order_payment_pending', message: pending } }));
    const { card, user } = await chooseGold();
    await user.click(within(await card.findByRole('alert')).getByRole('button', { name: 'Cancel that order' }));
    await waitFor(() => expect(card.getByRole('alert')).toHaveTextContent(pending));
    const alert = card.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Pay for the order of +998 90 765 43 21' })).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Cancel that order' })).toBeEnabled();
  });
});
