import { checkManualForm, checkRemoteForm, isValid } from './identity-form';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('the identification form', () => {
  it('accepts a passport or a PINFL with a date of birth and the contract', () => {
    expect(isValid(checkRemoteForm({ document: 'AA1234567', birthDate: '15.03.1990', contractAccepted: true }, NOW))).toBe(true);
    expect(isValid(checkRemoteForm({ document: '31205962600129', birthDate: '12.05.1996', contractAccepted: true }, NOW))).toBe(true);
  });

  it('asks to fill the form in full and confirm the contract when anything is missing', () => {
    expect(checkRemoteForm({ document: 'AA1234567', birthDate: '15.03.1990', contractAccepted: false }, NOW)).toEqual({
      fields: { contract: 'validation.formIncomplete' },
      form: 'validation.formIncomplete',
    });
    expect(checkRemoteForm({ document: '', birthDate: '', contractAccepted: true }, NOW)).toEqual({
      fields: { document: 'validation.required', birthDate: 'validation.required' },
      form: 'validation.formIncomplete',
    });
  });

  it('gives the spec date message next to a date not written dd.mm.yyyy', () => {
    for (const birthDate of ['1990-03-15', '15/03/1990', '31.02.1990', '15.3.1990']) {
      const check = checkRemoteForm({ document: 'AA1234567', birthDate, contractAccepted: true }, NOW);
      expect(check).toEqual({ fields: { birthDate: 'validation.dateFormat' }, form: null });
    }
  });

  it('names document mistakes with the shared rules', () => {
    expect(checkRemoteForm({ document: 'A1234567', birthDate: '15.03.1990', contractAccepted: true }, NOW).fields).toEqual({
      document: 'validation.identityFormat',
    });
    expect(checkRemoteForm({ document: '31205962600128', birthDate: '', contractAccepted: true }, NOW).fields).toEqual({
      document: 'validation.pinflChecksum',
      birthDate: 'validation.required',
    });
    expect(checkRemoteForm({ document: '31205962600129', birthDate: '13.05.1996', contractAccepted: true }, NOW).fields).toEqual({
      birthDate: 'validation.pinflBirthDateMismatch',
    });
  });

  it('needs a point of sale and the contract for a visit', () => {
    expect(isValid(checkManualForm({ pointOfSaleId: 'tashkent-1', contractAccepted: true }))).toBe(true);
    expect(checkManualForm({ pointOfSaleId: '', contractAccepted: true }).form).toBe('validation.formIncomplete');
    expect(checkManualForm({ pointOfSaleId: 'tashkent-1', contractAccepted: false }).fields).toEqual({
      contract: 'validation.formIncomplete',
    });
  });
});
