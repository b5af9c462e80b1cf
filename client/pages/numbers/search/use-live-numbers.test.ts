import { type LiveStatus, withHoldOwned, withTakenByAnswer } from './use-live-numbers';

describe('withHoldOwned', () => {
  it('counts a reservation the stream reported before the API’s answer as the visitor’s own', () => {
    const statuses = new Map<string, LiveStatus>([
      ['998901234567', { status: 'reserved', mine: false }],
      ['998901234568', { status: 'reserved', mine: false }],
    ]);
    const next = withHoldOwned(statuses, '998901234567');
    expect(next.get('998901234567')).toEqual({ status: 'reserved', mine: true });
    // Someone else's booking of another number stays theirs.
    expect(next.get('998901234568')).toEqual({ status: 'reserved', mine: false });
  });

  it('returns the same map when the stream has said nothing of the held number, or already counts it as theirs', () => {
    const statuses = new Map<string, LiveStatus>([['998901234567', { status: 'reserved', mine: true }]]);
    expect(withHoldOwned(statuses, '998901234567')).toBe(statuses);
    expect(withHoldOwned(statuses, '998907654321')).toBe(statuses);
  });
});

describe('withTakenByAnswer', () => {
  it('counts a number the API refused as taken as taken where the stream last said it was free', () => {
    const statuses = new Map<string, LiveStatus>([
      ['998901234567', { status: 'free', mine: false }],
      ['998901234568', { status: 'free', mine: false }],
    ]);
    const next = withTakenByAnswer(statuses, ['998901234567']);
    expect(next.get('998901234567')).toEqual({ status: 'reserved', mine: false });
    // A number the API said nothing of keeps the stream's word.
    expect(next.get('998901234568')).toEqual({ status: 'free', mine: false });
  });

  it('returns the same map when the stream has said nothing of the number or already calls it taken', () => {
    const statuses = new Map<string, LiveStatus>([['998901234567', { status: 'sold', mine: false }]]);
    expect(withTakenByAnswer(statuses, ['998901234567'])).toBe(statuses);
    expect(withTakenByAnswer(statuses, ['998907654321'])).toBe(statuses);
    expect(withTakenByAnswer(statuses, [])).toBe(statuses);
  });
});
