import { tariffChoiceFromQuery, tariffChoiceToQuery } from './tariff-choice';

describe('the tariff choice in a URL', () => {
  it('round-trips a ready tariff', () => {
    const query = new URLSearchParams(tariffChoiceToQuery({ type: 'ready', id: 'oq-20' }));
    expect(query.toString()).toBe('tariff=oq-20');
    expect(tariffChoiceFromQuery(query)).toEqual({ type: 'ready', id: 'oq-20' });
  });

  it('round-trips a constructor tariff with its add-ons', () => {
    const choice = { type: 'constructor' as const, internetGb: 30, minutes: 500, sms: 100, nightInternet: true, dedicated: false };
    const query = new URLSearchParams(tariffChoiceToQuery(choice));
    expect(query.get('dedicated')).toBeNull();
    expect(tariffChoiceFromQuery(query)).toEqual(choice);
  });

  it.each(['', 'tariff=', 'tariff=constructor&internetGb=x&minutes=1&sms=1', 'tariff=%3Cscript%3E', 'tariff=constructor&minutes=1&sms=1'])(
    'ignores the malformed query %p',
    (qs) => {
      expect(tariffChoiceFromQuery(new URLSearchParams(qs))).toBeNull();
    },
  );
});
