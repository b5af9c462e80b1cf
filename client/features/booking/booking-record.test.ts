/** @jest-environment @happy-dom/jest-environment */
import { readRecord, takeDueWarning } from './booking-record';
import { testToken } from '../../testing/render';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-27T10:00:00Z');

/** Stores a booking token that ends `minutes` after T0, as the booking's answer would. */
function book(bid: string, minutes: number, number = '+998771234567'): void {
  localStorage.setItem(
    'reservation-token',
    testToken({ kind: 'reservation', sub: `r-${bid}`, num: number, bid, exp: (T0 + minutes * MINUTE) / 1000 }),
  );
}

const at = (minutes: number) => () => T0 + minutes * MINUTE;

beforeEach(() => localStorage.clear());

describe('the booking’s warnings', () => {
  it('are each taken once per booking: a second look (another tab, a reload) finds nothing more to say', async () => {
    book('b1', 15);
    expect(await takeDueWarning(at(0))).toBeNull();
    expect((await takeDueWarning(at(10.5)))?.warning).toBe('fiveMinutes');
    expect(await takeDueWarning(at(10.6))).toBeNull();
    expect((await takeDueWarning(at(14.2)))?.warning).toBe('oneMinute');
    expect(await takeDueWarning(at(14.3))).toBeNull();
    const expired = await takeDueWarning(at(15));
    expect(expired).toMatchObject({ warning: 'expired', record: { bookingId: 'b1', formatted: '+998 77 123 45 67' } });
    // The expired booking's token and record go with it: nothing is said of it again.
    expect(localStorage.getItem('reservation-token')).toBeNull();
    expect(readRecord()).toBeNull();
    expect(await takeDueWarning(at(16))).toBeNull();
  });

  it('say only the most urgent one after a long absence, and never the ones it implies', async () => {
    book('b1', 15);
    await takeDueWarning(at(0));
    expect((await takeDueWarning(at(14.5)))?.warning).toBe('oneMinute');
    expect(await takeDueWarning(at(14.6))).toBeNull();
  });

  it('still say the booking expired when a request elsewhere removed its expired token first', async () => {
    book('b1', 15);
    await takeDueWarning(at(1));
    localStorage.removeItem('reservation-token');
    expect((await takeDueWarning(at(15.5)))?.warning).toBe('expired');
  });

  it('end with a booking given up before its end (cancelled, replaced, paid): nothing left to warn of', async () => {
    book('b1', 15);
    await takeDueWarning(at(1));
    localStorage.removeItem('reservation-token');
    expect(await takeDueWarning(at(11))).toBeNull();
    expect(readRecord()).toBeNull();
  });

  it('start afresh for a new booking: its warnings are its own', async () => {
    book('b1', 15);
    await takeDueWarning(at(1));
    expect((await takeDueWarning(at(11)))?.warning).toBe('fiveMinutes');
    book('b2', 26, '+998771234568');
    expect(await takeDueWarning(at(12))).toBeNull();
    expect((await takeDueWarning(at(22)))?.warning).toBe('fiveMinutes');
    expect(readRecord()?.bookingId).toBe('b2');
  });
});
