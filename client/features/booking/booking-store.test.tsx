/** @jest-environment @happy-dom/jest-environment */
import { act, render } from '@testing-library/react';
import { clearReservation } from '../../../shared/tokens';
import { testToken } from '../../testing/render';
import { bookingSnapshot, subscribeBooking } from './booking-store';
import { useBooking, useBookingSecondsLeft } from './use-booking';

const T0 = Date.parse('2026-11-27T10:00:00Z');

/** The browser holds a booking that ends `minutes` after T0. */
function book(minutes: number): void {
  localStorage.setItem(
    'reservation-token',
    testToken({ kind: 'reservation', sub: 'r-1', num: '+998771234567', bid: 'b-1', exp: (T0 + minutes * 60_000) / 1000 }),
  );
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('the booking’s store', () => {
  it('renders a page that reads the booking when the booking starts and ends, never on a tick; only the countdown renders each second', () => {
    const renders = { page: 0, countdown: 0 };
    function Countdown() {
      renders.countdown += 1;
      return <span>{useBookingSecondsLeft()}</span>;
    }
    function Page() {
      renders.page += 1;
      const { reservation, expiredNumber } = useBooking();
      return reservation ? <Countdown /> : <p>{expiredNumber ?? 'none'}</p>;
    }
    book(1);
    const { container } = render(<Page />);
    expect(container).toHaveTextContent('60');
    const before = { ...renders };

    for (let second = 0; second < 5; second++) act(() => jest.advanceTimersByTime(1_000));
    expect(container).toHaveTextContent('55');
    expect(renders).toEqual({ page: before.page, countdown: before.countdown + 5 });

    // The end: the page renders once more, and shows no booking.
    act(() => jest.advanceTimersByTime(55_000));
    expect(container).toHaveTextContent('none');
    expect(renders.page).toBe(before.page + 1);
  });

  it('follows the clock only while a booking is held and something listens', () => {
    const heard = jest.fn();
    const stop = subscribeBooking(heard);
    expect(jest.getTimerCount()).toBe(0);

    book(15);
    act(() => window.dispatchEvent(new Event('storage')));
    expect(bookingSnapshot().booking.reservation?.bookingId).toBe('b-1');
    expect(jest.getTimerCount()).toBe(1);
    heard.mockClear();
    jest.advanceTimersByTime(3_000);
    expect(heard).toHaveBeenCalledTimes(3);
    expect(bookingSnapshot().secondsLeft).toBe(15 * 60 - 3);

    clearReservation();
    expect(bookingSnapshot().booking.reservation).toBeNull();
    expect(jest.getTimerCount()).toBe(0);

    // Another tab books: the clock starts again, and stops with the last listener.
    book(15);
    act(() => window.dispatchEvent(new Event('storage')));
    expect(jest.getTimerCount()).toBe(1);
    stop();
    expect(jest.getTimerCount()).toBe(0);
  });
});
