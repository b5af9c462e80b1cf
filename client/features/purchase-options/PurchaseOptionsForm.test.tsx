/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { renderComponent } from '../../testing/render';
import { PurchaseOptionsForm } from './PurchaseOptionsForm';

const CHOOSE_SIM = 'Choose the SIM type.';

function show() {
  return renderComponent(<PurchaseOptionsForm catalogue={{ simTypes: [], pickupPoints: [], tariffs: [] }} />, {
    lang: 'en',
    path: '/numbers',
  });
}

const submit = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: 'Continue to identification' }));
const simChoices = () => [screen.getByRole('radio', { name: 'eSIM' }), screen.getByRole('radio', { name: 'SIM card' })];

describe('the purchase options form forgives', () => {
  it('asks for the SIM type on submit, with both choices marked invalid', async () => {
    const { user } = show();
    await submit(user);
    expect(screen.getByText(CHOOSE_SIM)).toBeInTheDocument();
    for (const choice of simChoices()) {
      expect(choice).toHaveAttribute('aria-invalid', 'true');
      expect(choice).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_SIM));
    }
  });

  it('clears “Choose the SIM type.” and the invalid marks as soon as eSIM is chosen', async () => {
    const { user } = show();
    await submit(user);
    await user.click(screen.getByRole('radio', { name: 'eSIM' }));
    expect(screen.queryByText(CHOOSE_SIM)).not.toBeInTheDocument();
    for (const choice of simChoices()) expect(choice).not.toHaveAttribute('aria-invalid');
  });

  it('clears the e-mail’s error once a valid address is typed', async () => {
    const { user } = show();
    await user.click(screen.getByRole('radio', { name: 'eSIM' }));
    await submit(user);
    const email = screen.getByLabelText('E-mail for the eSIM QR code');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'aziza@mail.uz');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('checks a typed e-mail when the visitor leaves the field, not while typing', async () => {
    const { user } = show();
    await user.click(screen.getByRole('radio', { name: 'eSIM' }));
    const email = screen.getByLabelText('E-mail for the eSIM QR code');
    await user.type(email, 'aziza@');
    expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});
