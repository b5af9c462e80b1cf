import { dueWarning, withImplied } from './booking-warnings';

describe('booking warnings', () => {
  it('say nothing while more than five minutes are left', () => {
    expect(dueWarning(301, [])).toBeNull();
    expect(dueWarning(15 * 60, [])).toBeNull();
  });

  it('warn once at five minutes, once at one minute and once at the end', () => {
    expect(dueWarning(300, [])).toBe('fiveMinutes');
    expect(dueWarning(200, ['fiveMinutes'])).toBeNull();
    expect(dueWarning(60, ['fiveMinutes'])).toBe('oneMinute');
    expect(dueWarning(30, ['fiveMinutes', 'oneMinute'])).toBeNull();
    expect(dueWarning(0, ['fiveMinutes', 'oneMinute'])).toBe('expired');
    expect(dueWarning(0, ['fiveMinutes', 'oneMinute', 'expired'])).toBeNull();
  });

  it('give only the most urgent warning after a long sleep of the tab', () => {
    expect(dueWarning(0, [])).toBe('expired');
    expect(dueWarning(45, [])).toBe('oneMinute');
    expect(withImplied([], 'expired').sort()).toEqual(['expired', 'fiveMinutes', 'oneMinute']);
    expect(dueWarning(45, withImplied([], 'oneMinute'))).toBeNull();
    expect(dueWarning(250, withImplied([], 'oneMinute'))).toBeNull();
  });
});
