/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import { API_MESSAGES } from '../../../server/api/messages';
import type { Identification } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { draftStorage, findRegionWith, held, renderComponent } from '../../testing/render';
import type { IdentificationOutcome } from './actions';
import { IdentificationForm } from './IdentificationForm';

const FILLED = { identityMethod: 'remote', document: 'aa 1234567', birthDate: '20.07.1988', contractAccepted: true };

const identification = (over: Partial<Identification>): Identification => ({
  id: 'idn-1',
  method: 'remote',
  status: 'verified',
  phone: '+998901234567',
  documentType: 'passport',
  document: 'AA*****67',
  reason: null,
  hint: null,
  retryAfterSeconds: null,
  appointment: null,
  createdAt: '2025-01-01T10:00:00Z',
  ...over,
});

type Failure = Extract<IdentificationOutcome, { ok: false }>['failure'];
const refused = (failure: Failure): IdentificationOutcome => ({
  intent: 'identify',
  ok: false,
  failure,
});

function show(action: ActionFunction, draft: Record<string, unknown> = {}, lang: Language = 'en') {
  return renderComponent(<IdentificationForm points={[]} />, {
    lang,
    path: '/identification',
    action,
    sessionStorage: draftStorage(draft),
    routes: [
      { path: '/payment', element: <h1>Payment page</h1> },
      { path: '/identification/retry', element: <h1>Retry page</h1> },
    ],
  });
}

const submit = (user: ReturnType<typeof show>['user'], name = 'Confirm identity') => user.click(screen.getByRole('button', { name }));
const FORM_INCOMPLETE = 'Fill out the form in full and confirm the contract.';

describe('the remote identification form', () => {
  it('marks each empty field as required, says the form is incomplete and focuses the first field to fix', async () => {
    const action = jest.fn();
    const { user } = show(action);
    await submit(user);
    const document = screen.getByLabelText('Passport series and number or PINFL');
    const birthDate = screen.getByLabelText('Date of birth');
    expect(document).toHaveAccessibleDescription(expect.stringContaining('Fill in this field.'));
    expect(document).toHaveAttribute('aria-invalid', 'true');
    expect(birthDate).toHaveAccessibleDescription(expect.stringContaining('Fill in this field.'));
    expect(screen.getByRole('alert')).toHaveTextContent(FORM_INCOMPLETE);
    expect(document).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
  });

  it('refuses a date of birth that is not dd.mm.yyyy, next to the date', async () => {
    const { user } = show(jest.fn(), { ...FILLED, birthDate: '1988-07-20' });
    await submit(user);
    const birthDate = screen.getByLabelText('Date of birth');
    expect(birthDate).toHaveAccessibleDescription(expect.stringContaining('The date format is incorrect. Correct format: dd.mm.yyyy'));
    expect(birthDate).toHaveFocus();
  });

  it('refuses a document that is neither a passport nor a PINFL, next to the document', async () => {
    const { user } = show(jest.fn(), { ...FILLED, document: 'A1' });
    await submit(user);
    expect(screen.getByLabelText('Passport series and number or PINFL')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a passport series and number (AA1234567) or a 14-digit PINFL.'),
    );
  });

  it('asks to confirm the contract when it is not ticked, and focuses the box', async () => {
    const action = jest.fn();
    const { user } = show(action, { ...FILLED, contractAccepted: false });
    await submit(user);
    const contract = screen.getByRole('checkbox', { name: 'I have read and accept the contract for mobile services.' });
    expect(screen.getByRole('alert')).toHaveTextContent(FORM_INCOMPLETE);
    expect(contract).toHaveAttribute('aria-invalid', 'true');
    expect(contract).toHaveAccessibleDescription(expect.stringContaining(FORM_INCOMPLETE));
    expect(contract).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
  });

  it('shows the API’s refusal of the document next to the document field', async () => {
    const { user } = show(
      async () => refused({ code: 'passport_format', message: 'This document was not found in the state records.', field: 'document' }),
      FILLED,
    );
    await submit(user);
    const document = screen.getByLabelText('Passport series and number or PINFL');
    await screen.findByText('This document was not found in the state records.');
    expect(document).toHaveAccessibleDescription(expect.stringContaining('This document was not found in the state records.'));
    expect(document).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal that names no field as the form’s message, in the spec’s words for an expired booking', async () => {
    const { user } = show(async () => refused({ code: 'reservation_expired', message: 'Reservation expired.' }), FILLED);
    await submit(user);
    await findRegionWith('alert', 'The booking time has expired. Please select it again.');
  });

  it('shows the refusal after too many failed attempts as the form’s message, with the submit enabled again', async () => {
    const message = 'Too many failed identification attempts. Please try again in 24 h, or book an identification at a point of sale.';
    const { user } = show(async () => refused({ code: 'too_many_identification_attempts', message, retryAfterSeconds: 86_400 }), FILLED);
    await submit(user);
    await findRegionWith('alert', message);
    expect(screen.getByLabelText('Passport series and number or PINFL')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Confirm identity' })).toBeEnabled();
  });

  it('says the identification could not be sent when no answer came', async () => {
    const { user } = show(async () => ({ intent: 'identify', ok: false, failure: null }), FILLED);
    await submit(user);
    await findRegionWith('alert', 'The identification could not be sent. Please try again.');
  });

  it('says it is checking and takes no second submit while the identification is sent', async () => {
    const answer = held<IdentificationOutcome>();
    const { user } = show(async () => answer.promise, FILLED);
    await submit(user);
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    answer.resolve(refused({ code: 'internal_error', message: 'Try later.' }));
    expect(await screen.findByRole('button', { name: 'Confirm identity' })).toBeEnabled();
  });

  it('sends the document in capitals without spaces, and goes on to payment once verified', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return { intent: 'identify', ok: true, identification: identification({ status: 'verified' }) };
    }, FILLED);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(sent).toEqual([{ intent: 'identify-remote', document: 'AA1234567', birthDate: '20.07.1988' }]);
  });

  it('goes to the retry page with the reason when the check rejects the person', async () => {
    const { user, router } = show(
      async () => ({ intent: 'identify', ok: true, identification: identification({ status: 'rejected', reason: 'document_expired' }) }),
      FILLED,
    );
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Retry page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?reason=document_expired');
  });

  it('says when it will ask again while the check is pending, with the submit held', async () => {
    const { user } = show(
      async () => ({ intent: 'identify', ok: true, identification: identification({ status: 'pending', retryAfterSeconds: 30 }) }),
      FILLED,
    );
    await submit(user);
    await findRegionWith('status', 'The check takes a little longer. We will ask again in 30 s: keep this page open.');
    expect(screen.getByRole('button', { name: 'Confirm identity' })).toBeDisabled();
  });
});

describe.each(LANGUAGES)('the identification form’s messages in %s', (lang) => {
  const c = CATALOGUES[lang];

  it('says the form is incomplete, each empty field required and the contract unconfirmed, in the page’s language', async () => {
    const { user } = show(jest.fn(), {}, lang);
    await submit(user, c.identification.submit);
    const document = screen.getByLabelText(c.identification.document);
    expect(document).toHaveAccessibleDescription(expect.stringContaining(c.validation.required));
    expect(screen.getByLabelText(c.identification.birthDate)).toHaveAccessibleDescription(expect.stringContaining(c.validation.required));
    expect(screen.getByRole('alert')).toHaveTextContent(c.validation.formIncomplete);
    expect(screen.getByRole('checkbox', { name: c.identification.contract })).toHaveAccessibleDescription(
      expect.stringContaining(c.validation.formIncomplete),
    );
    expect(document).toHaveFocus();
  });

  it('says the date format next to the date of birth, and nothing in the form’s message', async () => {
    const { user } = show(jest.fn(), { ...FILLED, birthDate: '1988-07-20' }, lang);
    await submit(user, c.identification.submit);
    const birthDate = screen.getByLabelText(c.identification.birthDate);
    expect(birthDate).toHaveAccessibleDescription(expect.stringContaining(c.validation.dateFormat));
    expect(birthDate).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(c.validation.formIncomplete)).toBeNull();
  });

  it('shows the API’s refusal after too many failed attempts, in the page’s language', async () => {
    const message = API_MESSAGES[lang].errors.tooManyIdentificationAttempts.replace('{{hours}}', '24');
    const { user } = show(async () => refused({ code: 'too_many_identification_attempts', message }), FILLED, lang);
    await submit(user, c.identification.submit);
    await findRegionWith('alert', message);
  });
});
