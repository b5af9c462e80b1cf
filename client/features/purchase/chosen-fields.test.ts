import { chosenFields } from './chosen-fields';

describe('the purchase as chosen so far', () => {
  it('takes the tariff from the URL first and the SIM type from the draft first', () => {
    const fields = chosenFields(new URLSearchParams('tariff=oq-smart&sim=esim'), {
      simType: 'physical',
      tariff: { type: 'ready', id: 'oq-max' },
    });
    expect(fields).toMatchObject({ tariff: { type: 'ready', id: 'oq-smart' }, simType: 'physical' });
    expect(chosenFields(new URLSearchParams('sim=esim'), {})).toMatchObject({ tariff: undefined, simType: 'esim' });
    expect(chosenFields(new URLSearchParams('sim=nano'), {})).toMatchObject({ simType: undefined });
  });
});
