/** @jest-environment @happy-dom/jest-environment */
import { BOOKING_HANDOFF_COOKIE } from '../../../shared/booking-handoff';
import { readReservation, RESERVATION_TOKEN_KEY } from '../../../shared/tokens';
import { testToken } from '../../testing/render';
import { adoptHandoff } from './booking-handoff';

const booking = (bid: string, num: string) => testToken({ kind: 'reservation', sub: `r-${bid}`, num, bid });

function handOver(token: string): void {
  window.history.replaceState(null, '', '/en/numbers');
  document.cookie = `${BOOKING_HANDOFF_COOKIE}=${token}; Path=/en/numbers`;
}

afterEach(() => {
  localStorage.clear();
  document.cookie = `${BOOKING_HANDOFF_COOKIE}=; Max-Age=0; Path=/en/numbers`;
});

describe('a booking made before the scripts ran', () => {
  it('is moved from the cookie into storage, and the cookie cleared', () => {
    const release = jest.fn(async () => undefined);
    handOver(booking('b-new', '+998771234567'));
    expect(adoptHandoff(document, release)).toBe(true);
    expect(readReservation()?.bookingId).toBe('b-new');
    expect(document.cookie).not.toContain(BOOKING_HANDOFF_COOKIE);
    expect(release).not.toHaveBeenCalled();
  });

  it('replaces a booking the visitor held already: the earlier one is cancelled with its own token, then the new one stored', async () => {
    localStorage.setItem(RESERVATION_TOKEN_KEY, booking('b-old', '+998901112233'));
    const cancelledWith: Array<string | undefined> = [];
    const release = jest.fn(async () => {
      cancelledWith.push(readReservation()?.bookingId);
    });
    handOver(booking('b-new', '+998771234567'));
    expect(adoptHandoff(document, release)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(cancelledWith).toEqual(['b-old']);
    expect(readReservation()?.bookingId).toBe('b-new');
  });

  it('adopts the new booking even when the earlier one could not be cancelled', async () => {
    localStorage.setItem(RESERVATION_TOKEN_KEY, booking('b-old', '+998901112233'));
    const release = jest.fn(async () => {
      throw new Error('offline');
    });
    handOver(booking('b-new', '+998771234567'));
    adoptHandoff(document, release);
    await Promise.resolve();
    await Promise.resolve();
    expect(readReservation()?.bookingId).toBe('b-new');
  });

  it('cancels nothing when the cookie brings the booking already held', () => {
    const token = booking('b-same', '+998771234567');
    localStorage.setItem(RESERVATION_TOKEN_KEY, token);
    const release = jest.fn(async () => undefined);
    handOver(token);
    adoptHandoff(document, release);
    expect(release).not.toHaveBeenCalled();
  });
});
