import { liveStatuses, withTakenByAnswer, type StatusEvent } from './use-live-numbers';

const event = (number: string, status: StatusEvent['status'], bookingId: string | null = null): [string, StatusEvent] => [
  number,
  { number, status, bookingId },
];

describe('liveStatuses', () => {
  it('counts a number held by one of the visitor’s bookings as theirs, by the booking id the stream names, and another booking’s as taken', () => {
    const events = new Map([event('+998901234567', 'reserved', 'mine-now'), event('+998901234568', 'reserved', 'someone')]);
    const statuses = liveStatuses(events, new Set(['mine-now']));
    expect(statuses.get('+998901234567')).toEqual({ status: 'reserved', mine: true });
    expect(statuses.get('+998901234568')).toEqual({ status: 'reserved', mine: false });
  });

  it('reads the same events again when the visitor’s bookings change: a booking the stream named before the API’s answer becomes theirs once its id is known', () => {
    const events = new Map([event('+998901234567', 'reserved', 'booked-just-now')]);
    expect(liveStatuses(events, new Set()).get('+998901234567')).toEqual({ status: 'reserved', mine: false });
    expect(liveStatuses(events, new Set(['booked-just-now'])).get('+998901234567')).toEqual({ status: 'reserved', mine: true });
  });

  it('keeps an ended booking of this browser the visitor’s own while the server still holds it, and a free or sold number nobody’s', () => {
    const events = new Map([
      event('+998901234567', 'reserved', 'ended-here'),
      event('+998901234569', 'free'),
      event('+998901234570', 'sold'),
    ]);
    const statuses = liveStatuses(events, new Set(['now', 'ended-here']));
    expect(statuses.get('+998901234567')?.mine).toBe(true);
    expect(statuses.get('+998901234569')).toEqual({ status: 'free', mine: false });
    expect(statuses.get('+998901234570')).toEqual({ status: 'sold', mine: false });
  });
});

describe('withTakenByAnswer', () => {
  it('counts a number the API refused as taken as taken where the stream last said it was free', () => {
    const events = new Map([event('+998901234567', 'free'), event('+998901234568', 'free')]);
    const next = withTakenByAnswer(events, ['+998901234567']);
    expect(next.get('+998901234567')).toEqual({ number: '+998901234567', status: 'reserved', bookingId: null });
    // A number the API said nothing of keeps the stream's word.
    expect(next.get('+998901234568')?.status).toBe('free');
  });

  it('returns the same map when the stream has said nothing of the number or already calls it taken', () => {
    const events = new Map([event('+998901234567', 'sold')]);
    expect(withTakenByAnswer(events, ['+998901234567'])).toBe(events);
    expect(withTakenByAnswer(events, ['+998907654321'])).toBe(events);
    expect(withTakenByAnswer(events, [])).toBe(events);
  });
});
