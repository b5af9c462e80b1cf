import { identificationForm, identificationRequestOf } from './actions';
import type { IdentificationRequest } from '../../api/identification';
import { formDataOf } from '../../../shared/testing/form-data';

describe('the identification form fields', () => {
  it.each<[string, IdentificationRequest]>([
    ['the remote way', { kind: 'remote', body: { document: 'AA1234567', birthDate: '20.07.1988' } }],
    ['an appointment on a day', { kind: 'manual', body: { pointOfSaleId: 'tashkent-chilonzor', date: '2026-12-01' } }],
    ['an appointment on the next working day', { kind: 'manual', body: { pointOfSaleId: 'tashkent-chilonzor' } }],
  ])('carry %s to the action and back unchanged', (_name, request) => {
    expect(identificationRequestOf(formDataOf(identificationForm(request)))).toEqual(request);
  });

  it('are no identification for another intent (the SMS step shares the action)', () => {
    expect(identificationRequestOf(formDataOf({ intent: 'sms-send', phone: '+998901234567' }))).toBeNull();
  });
});
