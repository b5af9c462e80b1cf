/** @jest-environment @happy-dom/jest-environment */
import { act, screen } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, localizePath } from '../../../shared/languages';
import { withBrowserFakes } from '../../testing/browser-fakes';
import { renderComponent, testToken } from '../../testing/render';
import { BookingSummary } from './BookingSummary';
import { BookingAnnouncer } from './BookingAnnouncer';
import { useBooking } from './use-booking';

// The raw CommonJS exports: an ESM namespace object would not let jest replace `toast`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const toastify = require('react-toastify') as typeof import('react-toastify');

const T0 = Date.parse('2026-11-27T10:00:00Z');
const NUMBER = '+998771234567';

/** A purchase step as the site draws it: the booking's summary, and the one announcer of the document. */
function PurchaseStep() {
  const booking = useBooking();
  return (
    <>
      <BookingAnnouncer />
      <BookingSummary booking={booking} />
    </>
  );
}

/** The browser holds a booking that ends `minutes` after T0, as the reservation's answer left it. */
const booked = (minutes: number) => ({
  'reservation-token': testToken({ kind: 'reservation', sub: 'r-1', num: NUMBER, bid: 'b-1', exp: (T0 + minutes * 60_000) / 1000 }),
});

/** The clock moves on by `ms`; every timer due meanwhile runs, and what it started settles. */
const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

let toasts: jest.SpyInstance;
const said = () => toasts.mock.calls.map(([text, options]) => [text, (options as { type: string }).type]);

withBrowserFakes();
beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  toasts = jest.spyOn(toastify, 'toast').mockImplementation(() => 'id');
});
afterEach(() => {
  toasts.mockRestore();
  jest.useRealTimers();
});

describe.each(LANGUAGES)('the booking countdown in %s', (lang) => {
  const messages = CATALOGUES[lang].messages;

  it('counts down from the token’s end, warns at 5 and at 1 minute, then says the booking expired and offers the numbers again', async () => {
    renderComponent(<PurchaseStep />, { lang, path: '/payment', localStorage: booked(6) });
    await pass(0);
    expect(screen.getByRole('timer')).toHaveTextContent('6:00');
    expect(screen.getByRole('timer')).not.toHaveClass('booking__time--urgent');
    expect(screen.getByText('+998 77 123 45 67')).toBeInTheDocument();

    await pass(65_000);
    expect(screen.getByRole('timer')).toHaveTextContent('4:55');
    expect(screen.getByRole('timer')).toHaveClass('booking__time--urgent');
    expect(said()).toEqual([[messages.bookingExpiresIn5, 'warning']]);

    await pass(4 * 60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:55');
    expect(said()).toEqual([
      [messages.bookingExpiresIn5, 'warning'],
      [messages.bookingExpiresIn1, 'warning'],
    ]);

    await pass(60_000);
    expect(said()).toEqual([
      [messages.bookingExpiresIn5, 'warning'],
      [messages.bookingExpiresIn1, 'warning'],
      [messages.bookingExpired, 'error'],
    ]);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText(messages.bookingExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CATALOGUES[lang].purchase.booking.chooseAgain })).toHaveAttribute(
      'href',
      localizePath('/numbers', lang),
    );
    expect(localStorage.getItem('reservation-token')).toBeNull();
  });
});

describe('the booking countdown', () => {
  const messages = CATALOGUES.en.messages;

  it('says nothing again after a reload: a warning said before it is not repeated, the next one still comes', async () => {
    const first = renderComponent(<PurchaseStep />, { path: '/payment', localStorage: booked(6) });
    await pass(65_000);
    first.unmount();
    // The reload: the same storage, a new page.
    const stored = { ...booked(6), booking: localStorage.getItem('booking')! };
    renderComponent(<PurchaseStep />, { path: '/payment', localStorage: stored });
    await pass(2_000);
    expect(said()).toEqual([[messages.bookingExpiresIn5, 'warning']]);
    await pass(4 * 60_000);
    expect(said()).toEqual([
      [messages.bookingExpiresIn5, 'warning'],
      [messages.bookingExpiresIn1, 'warning'],
    ]);
  });

  it('says only the most urgent warning when the tab wakes past two of them', async () => {
    renderComponent(<PurchaseStep />, { path: '/payment', localStorage: booked(6) });
    await pass(0);
    // A sleeping tab: no tick for five and a half minutes, then the tab is shown again.
    jest.setSystemTime(T0 + 5.5 * 60_000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('0:30');
    expect(said()).toEqual([[messages.bookingExpiresIn1, 'warning']]);
  });

  it('still says the booking expired when a request elsewhere removed the expired token first', async () => {
    renderComponent(<PurchaseStep />, { path: '/payment', localStorage: booked(6) });
    await pass(1_000);
    jest.setSystemTime(T0 + 6.5 * 60_000);
    localStorage.removeItem('reservation-token');
    await pass(1_000);
    expect(said()).toContainEqual([messages.bookingExpired, 'error']);
    expect(screen.getByText(messages.bookingExpired)).toBeInTheDocument();
  });
});
