/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { saveAuth } from '../../../shared/tokens';
import { renderComponent, testToken } from '../../testing/render';
import type { SmsIntent, SmsOutcome } from './sms-step';

// The solver's chunk and the API call, as the page would have them, without the network.
jest.mock('./sms-challenge', () => ({
  prepareSmsChallenge: jest.fn(() => Promise.resolve('solved')),
  smsChallengeReady: jest.fn(() => true),
  takeSmsChallenge: jest.fn(() => Promise.resolve('solved')),
}));
jest.mock('../../api/sms', () => ({
  sendSmsCode: jest.fn((phone: string) =>
    Promise.resolve({ phone, expiresAt: '2030-01-01T00:00:00Z', resendAfterSeconds: 60, challengeId: 'secret-of-this-tab' }),
  ),
  verifySmsCode: jest.fn(),
}));

// Imported after the mocks are in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above, and toastify's raw exports */
const { sendSmsCode } = require('../../api/sms') as typeof import('../../api/sms');
const { PhoneVerification } = require('./PhoneVerification') as typeof import('./PhoneVerification');
const { smsStep } = require('./sms-step') as typeof import('./sms-step');
const toastify = require('react-toastify') as typeof import('react-toastify');
/* eslint-enable @typescript-eslint/no-require-imports */

const wrongCode = 'The code is incorrect.';

/** The page's action: the real code request (its API mocked above), and a verification that accepts 123456 only. */
function action(verified: string[] = []): ActionFunction {
  return async ({ request }) => {
    const form = Object.fromEntries(await request.formData());
    if (form.intent === 'sms-send') return smsStep(form.intent as SmsIntent, form);
    verified.push(String(form.code));
    if (form.code !== '123456') {
      return { intent: 'sms-verify', ok: false, message: wrongCode, messageKey: 'purchase.phone.verifyFailed' } satisfies SmsOutcome;
    }
    saveAuth({ authToken: testToken({ sub: '+998905551234' }), authTokenNumber: '+998905551234', expiresAt: '2030-01-01T00:00:00Z' });
    return { intent: 'sms-verify', ok: true } satisfies SmsOutcome;
  };
}

function show(verified: string[] = []) {
  return renderComponent(<PhoneVerification idPrefix="test" />, { lang: 'en', path: '/identification', action: action(verified) });
}

async function requestCode(user: ReturnType<typeof show>['user'], phone: string) {
  await user.type(screen.getByLabelText('Your phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Get the code' }));
  return screen.findByLabelText('Code from the SMS');
}

beforeEach(() => jest.clearAllMocks());

describe('the SMS step forgives how the phone is typed', () => {
  it('shows +998 fixed before the phone field', () => {
    show();
    const phone = screen.getByLabelText('Your phone number');
    expect(phone.parentElement).toHaveTextContent(/^\+998$/);
    expect(phone).toHaveAttribute('placeholder', '90 123 45 67');
  });

  it.each(['90 555 12 34', '905551234', '+998 90 555 12 34', '998905551234'])('sends the code to +998905551234 for “%s”', async (typed) => {
    const { user } = show();
    await requestCode(user, typed);
    expect(sendSmsCode).toHaveBeenCalledWith('+998905551234', 'solved');
    expect(screen.getByText('We sent a code to +998 90 555 12 34. It is valid for 5 minutes.')).toBeInTheDocument();
  });

  it('still refuses nine digits of an unknown operator code with the format message', async () => {
    const { user } = show();
    await user.type(screen.getByLabelText('Your phone number'), '12 345 67 89');
    await user.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('Enter an Uzbek number in the format +998 XX XXX XX XX.')).toBeInTheDocument();
    expect(sendSmsCode).not.toHaveBeenCalled();
  });
});

describe('the code field', () => {
  it('is a numeric one-time-code field and takes the focus once the code is sent', async () => {
    const { user } = show();
    const code = await requestCode(user, '90 555 12 34');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('confirms the code by itself when its sixth digit is typed, then focuses the confirmed status', async () => {
    const verified: string[] = [];
    const { user } = show(verified);
    await user.type(await requestCode(user, '90 555 12 34'), '123456');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Phone confirmed: +998 90 555 12 34');
    expect(verified).toEqual(['123456']);
    await waitFor(() => expect(status).toHaveFocus());
  });

  it('waits for the Confirm button while fewer digits are typed', async () => {
    const verified: string[] = [];
    const { user } = show(verified);
    await user.type(await requestCode(user, '90 555 12 34'), '12345');
    expect(verified).toEqual([]);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('closes the toast of a wrong code once the right one confirms the phone', async () => {
    const dismiss = jest.spyOn(toastify.toast, 'dismiss').mockImplementation(() => undefined);
    const { user } = show();
    const code = await requestCode(user, '90 555 12 34');
    await user.type(code, '654321');
    expect(await screen.findByText(wrongCode)).toBeInTheDocument();
    expect(dismiss).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, '123456');
    expect(await screen.findByText('Phone confirmed:')).toBeInTheDocument();
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith(`error:${wrongCode}`));
    dismiss.mockRestore();
  });
});
