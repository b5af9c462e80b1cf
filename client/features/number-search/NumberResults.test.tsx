/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createI18n, providedI18n } from '../../framework/i18n';
import { CATALOGUES } from '../../../locales/catalogues';
import type { NumberList, PhoneNumber } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { reservationFromToken } from '../../../shared/tokens';
import { openedStream, withBrowserFakes } from '../../testing/browser-fakes';
import { renderComponent, testToken } from '../../testing/render';
import { NumberResults } from './NumberResults';
import { filtersFromQuery } from './search-query';
import { useNumberChoice } from './use-number-choice';

withBrowserFakes();

const phone = (digits: string, changes: Partial<PhoneNumber> = {}): PhoneNumber => ({
  number: `+99877${digits}`,
  formatted: `+998 77 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
  category: 'free',
  price: 0,
  status: 'free',
  available: true,
  auctionId: null,
  ...changes,
});

const A = phone('1234501');
const B = phone('1234502');
const C = phone('1234503');

function list(changes: Partial<NumberList> = {}): NumberList {
  return { items: [A, B, C], page: 1, pageSize: 20, total: 3, totalExact: true, nextCursor: null, ...changes };
}

function Results({ numbers, token, hydrated = true }: { numbers: NumberList; token: string | null; hydrated?: boolean }) {
  const held = reservationFromToken(token);
  const choice = useNumberChoice(held, () => undefined);
  return (
    <NumberResults
      numbers={numbers}
      filters={filtersFromQuery(new URLSearchParams())}
      categories={null}
      held={held}
      choice={choice}
      hydrated={hydrated}
    />
  );
}

const card = (number: PhoneNumber) => screen.getByText(number.formatted).closest('li')!;
const choose = (number: PhoneNumber) => within(card(number)).queryByRole('button', { name: `Choose ${number.formatted}` });

function show(numbers: NumberList, storage: Record<string, string> = {}, token: string | null = null, lang: Language = 'en') {
  return renderComponent(<Results numbers={numbers} token={token} />, { lang, path: '/numbers', localStorage: storage });
}

describe('a number card', () => {
  it('offers a free number to choose, and marks one the stream says another booking holds as taken, live', async () => {
    show(list());
    expect(choose(A)).toBeEnabled();
    const stream = await openedStream('/numbers/events');
    stream.send('snapshot', { items: [{ number: A.number, status: 'free', bookingId: null }] });
    stream.send('status', { number: A.number, status: 'reserved', bookingId: 'someone-else' });
    expect(within(card(A)).getByText('Taken')).toBeInTheDocument();
    expect(choose(A)).toBeNull();
    // Freed again: choosable again.
    stream.send('status', { number: A.number, status: 'free', bookingId: null });
    expect(choose(A)).toBeEnabled();
  });

  it('shows the visitor’s held number as reserved for them, never as taken, whatever the stream says of it', async () => {
    const token = testToken({ kind: 'reservation', sub: 'r1', num: B.number, bid: 'my-booking' });
    show(list(), { 'reservation-token': token }, token);
    const stream = await openedStream('/numbers/events');
    stream.send('status', { number: B.number, status: 'reserved', bookingId: 'my-booking' });
    expect(within(card(B)).getByText('Reserved for you')).toBeInTheDocument();
    expect(within(card(B)).queryByText('Taken')).toBeNull();
  });

  it('leaves a number held by the visitor’s ended booking choosable, while the server still holds it, and another visitor’s taken', async () => {
    show(list(), { 'own-bookings': JSON.stringify(['ended-here']) });
    const stream = await openedStream('/numbers/events');
    stream.send('snapshot', {
      items: [
        { number: A.number, status: 'reserved', bookingId: 'ended-here' },
        { number: C.number, status: 'reserved', bookingId: 'not-mine' },
      ],
    });
    expect(choose(A)).toBeEnabled();
    expect(within(card(C)).getByText('Taken')).toBeInTheDocument();
  });

  it('lists near matches under their own heading, with the digits that differ from the wish marked', () => {
    const near = { ...phone('1234599'), differs: [5, 6] };
    show(list({ items: [], total: 0, nearMatches: [near] }));
    const section = screen.getByRole('region', { name: 'Close to your wish' });
    const marked = [...section.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['9', '9']);
    expect(within(section).getByRole('button', { name: `Choose ${near.formatted}` })).toBeEnabled();
  });
});

describe('choosing a number', () => {
  it('is a form the server renders with Choose enabled, posting the number to the page, so it works before the scripts run', async () => {
    const i18n = providedI18n(createI18n('en', CATALOGUES.en));
    const handler = createStaticHandler([{ path: '/en/numbers', element: <Results numbers={list()} token={null} hydrated={false} /> }]);
    const context = await handler.query(new Request('http://site/en/numbers?category=free'));
    if (context instanceof Response) throw new Error('the page redirected');
    const router = createStaticRouter(handler.dataRoutes, context);
    // The server's HTML, as the browser shows it before hydration: no script has run on it.
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>,
    );
    const button = within(page).getByRole('button', { name: `Choose ${A.formatted}` });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    // No action: the form posts to the page's own address, its filters included.
    expect(form).not.toHaveAttribute('action');
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: 'reserve', number: A.number });
  });

  it('once hydrated, reserves through the page’s action without leaving the page', async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    const { user, router } = renderComponent(<Results numbers={list()} token={null} />, {
      path: '/numbers',
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return { intent: 'reserve', ok: false, number: A.number, taken: true, phoneRequired: false, message: null };
      },
    });
    await user.click(choose(A)!);
    expect(await within(card(A)).findByText(`Someone has just taken ${A.formatted}. Please choose another number.`)).toBeInTheDocument();
    expect(posted).toEqual([{ intent: 'reserve', number: A.number }]);
    expect(router.state.location.pathname).toBe('/en/numbers');
  });
});

describe.each(LANGUAGES)('the results’ texts in %s', (lang) => {
  const c = CATALOGUES[lang].numbers.results;
  const chooseIn = (number: PhoneNumber) => c.chooseNumber.replace('{{number}}', number.formatted);

  it('heads near matches “Close to your wish”, each choosable by name', () => {
    const near = { ...phone('1234599'), differs: [5, 6] };
    show(list({ items: [], total: 0, nearMatches: [near] }), {}, null, lang);
    const section = screen.getByRole('region', { name: c.nearTitle });
    expect(within(section).getByRole('button', { name: chooseIn(near) })).toBeEnabled();
  });

  it('says in which form a number holds the date searched for, and marks a number another booking holds as taken', async () => {
    const dated = { ...A, dateForm: 'DDMM' as const };
    show(list({ items: [dated, B] }), {}, null, lang);
    expect(within(card(dated)).getByText(c.dateForm.replace('{{form}}', c.dateForms.DDMM))).toBeInTheDocument();
    const stream = await openedStream('/numbers/events');
    stream.send('status', { number: B.number, status: 'reserved', bookingId: 'someone-else' });
    expect(within(card(B)).getByText(c.taken, { exact: true })).toBeInTheDocument();
    expect(within(card(B)).queryByRole('button', { name: chooseIn(B) })).toBeNull();
  });
});
