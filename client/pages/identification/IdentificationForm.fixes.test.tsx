/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { draftStorage, renderComponent } from '../../testing/render';
import { IdentificationForm } from './IdentificationForm';

const REQUIRED = 'Fill in this field.';
const DATE_FORMAT = 'The date format is incorrect. Correct format: dd.mm.yyyy';

function show(draft: Record<string, unknown> = { identityMethod: 'remote' }) {
  return renderComponent(<IdentificationForm points={[]} />, {
    lang: 'en',
    path: '/identification',
    action: async () => null,
    sessionStorage: draftStorage(draft),
  });
}

const documentField = () => screen.getByLabelText('Passport series and number or PINFL');
const birthDateField = () => screen.getByLabelText('Date of birth');
const submit = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: 'Confirm identity' }));

describe('the identification form forgives', () => {
  it('clears “Fill in this field.” at the document as soon as a valid number is typed, the date keeping its own', async () => {
    const { user } = show();
    await submit(user);
    expect(documentField()).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    await user.type(documentField(), 'AA1234567');
    expect(documentField()).not.toHaveAttribute('aria-invalid');
    expect(documentField()).not.toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    expect(birthDateField()).toHaveAttribute('aria-invalid', 'true');
    expect(birthDateField()).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
  });

  it('clears the birth date’s error once a valid date is filled in', async () => {
    const { user } = show();
    await submit(user);
    await user.type(birthDateField(), '20.07.1988');
    expect(birthDateField()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(REQUIRED, { selector: '#identity-birth-date-error' })).not.toBeInTheDocument();
  });

  it('checks a typed date when the visitor leaves the field, not while typing', async () => {
    const { user } = show();
    await user.type(birthDateField(), '31.13');
    expect(screen.queryByText(DATE_FORMAT)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(DATE_FORMAT)).toBeInTheDocument();
    expect(birthDateField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the error of a field left by pressing the contract box once the box is checked', async () => {
    const { user } = show();
    await user.type(birthDateField(), '1990-03-15');
    const contract = screen.getByRole('checkbox', { name: 'I have read and accept the contract for mobile services.' });
    await user.click(contract);
    expect(contract).toBeChecked();
    expect(await screen.findByText(DATE_FORMAT)).toBeInTheDocument();
  });

  it('says nothing of an empty field the visitor only passed through', async () => {
    const { user } = show();
    await user.click(documentField());
    await user.tab();
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(documentField()).not.toHaveAttribute('aria-invalid');
  });
});
