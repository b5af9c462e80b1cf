/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { ApiFailure } from '../../../shared/api-failure';
import { saveAuth } from '../../../shared/tokens';
import { confirmedPhone, held, renderComponent, testToken } from '../../testing/render';
import type { SmsIntent, SmsOutcome } from './sms-step';

// The solver's chunk and the API call, as the page would have them, without the network.
jest.mock('./sms-challenge', () => ({
  prepareSmsChallenge: jest.fn(() => Promise.resolve('solved')),
  smsChallengeReady: jest.fn(() => false),
  takeSmsChallenge: jest.fn(() => Promise.resolve('solved')),
}));
jest.mock('../../api/sms', () => ({
  sendSmsCode: jest.fn((phone: string) =>
    Promise.resolve({ phone, expiresAt: '2030-01-01T00:00:00Z', resendAfterSeconds: 60, challengeId: 'secret-of-this-tab' }),
  ),
  verifySmsCode: jest.fn(),
}));

// Imported after the mocks are in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { prepareSmsChallenge, smsChallengeReady, takeSmsChallenge } = require('./sms-challenge') as typeof import('./sms-challenge');
const { sendSmsCode, verifySmsCode } = require('../../api/sms') as typeof import('../../api/sms');
const { PhoneVerification } = require('./PhoneVerification') as typeof import('./PhoneVerification');
const { smsStep } = require('./sms-step') as typeof import('./sms-step');
/* eslint-enable @typescript-eslint/no-require-imports */

/** The page's action as far as it runs without the network: the SMS step's own checks, before any request. */
const checksOnly: ActionFunction = async ({ request }) => {
  const form = await request.formData();
  return smsStep(form.get('intent') as SmsIntent, Object.fromEntries(form));
};

/** An action answering each intent as the real one does after the API's answer. */
function answering(outcomes: Partial<Record<SmsIntent, SmsOutcome | (() => SmsOutcome)>>): ActionFunction {
  return async ({ request }) => {
    const intent = (await request.formData()).get('intent') as SmsIntent;
    const outcome = outcomes[intent];
    return typeof outcome === 'function' ? outcome() : outcome;
  };
}

const sent: SmsOutcome = { intent: 'sms-send', ok: true, phone: '+998901234567' };

function show(action: ActionFunction, storage: Record<string, string> = {}, lang: Language = 'en') {
  return renderComponent(<PhoneVerification idPrefix="test" />, { lang, path: '/identification', action, localStorage: storage });
}

async function requestCode(user: ReturnType<typeof show>['user'], phone = '+998 90 123 45 67') {
  await user.type(screen.getByLabelText('Your phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Get the code' }));
}

describe('the SMS step', () => {
  it('refuses a phone that is not an Uzbek number, with the format message next to the phone field', async () => {
    const { user } = show(checksOnly);
    await requestCode(user, '12345');
    const phone = screen.getByLabelText('Your phone number');
    expect(await screen.findByText('Enter an Uzbek number in the format +998 XX XXX XX XX.')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Enter an Uzbek number in the format +998 XX XXX XX XX.'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it('asks for the phone when it was left empty', async () => {
    const { user } = show(checksOnly);
    await user.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('Fill in this field.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your phone number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the button disabled while the code is being sent', async () => {
    const answer = held<SmsOutcome>();
    const { user } = show(async () => answer.promise);
    await requestCode(user);
    expect(screen.getByRole('button', { name: 'Get the code' })).toBeDisabled();
    answer.resolve(sent);
    expect(await screen.findByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('says where the code went and asks for it once it is sent', async () => {
    const { user } = show(answering({ 'sms-send': sent }));
    await requestCode(user);
    expect(await screen.findByText('We sent a code to +998 90 123 45 67. It is valid for 5 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
  });

  it('shows the API’s refusal to send next to the phone field', async () => {
    const { user } = show(
      answering({
        'sms-send': {
          intent: 'sms-send',
          ok: false,
          codeStillValidFor: null,
          message: 'Too many codes are being sent right now. Please try again in 5 min.',
          messageKey: 'purchase.phone.sendFailed',
        },
      }),
    );
    await requestCode(user);
    const phone = screen.getByLabelText('Your phone number');
    await screen.findByText('Too many codes are being sent right now. Please try again in 5 min.');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Too many codes are being sent right now.'));
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it('says the code could not be sent in its own words when the API gave none', async () => {
    const { user } = show(
      answering({
        'sms-send': { intent: 'sms-send', ok: false, codeStillValidFor: null, message: null, messageKey: 'purchase.phone.sendFailed' },
      }),
    );
    await requestCode(user);
    expect(await screen.findByText('The code could not be sent. Please try again.')).toBeInTheDocument();
  });

  it('still asks for the last code when a new one was asked for too soon', async () => {
    const { user } = show(
      answering({
        'sms-send': {
          intent: 'sms-send',
          ok: false,
          codeStillValidFor: '+998901234567',
          message: 'Too many codes requested. Try again in 42 s.',
          messageKey: 'purchase.phone.sendFailed',
        },
      }),
    );
    await requestCode(user);
    expect(await screen.findByText('Too many codes requested. Try again in 42 s.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toBeInTheDocument();
  });

  it('refuses a code that is not 4 to 8 digits, next to the code field', async () => {
    const { user } = show(async (args) => {
      const form = await args.request.formData();
      return form.get('intent') === 'sms-send' ? sent : smsStep('sms-verify', Object.fromEntries(form));
    });
    await requestCode(user);
    await user.type(await screen.findByLabelText('Code from the SMS'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the code from the SMS: 4 to 8 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the API’s refusal of a wrong code next to the code field', async () => {
    const { user } = show(
      answering({
        'sms-send': sent,
        'sms-verify': { intent: 'sms-verify', ok: false, message: 'The code is incorrect.', messageKey: 'purchase.phone.verifyFailed' },
      }),
    );
    await requestCode(user);
    await user.type(await screen.findByLabelText('Code from the SMS'), '0000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toHaveAccessibleDescription('The code is incorrect.');
  });

  it('shows the confirmed phone once the code is accepted, and forgets it on “Use another phone”', async () => {
    const { user } = show(
      answering({
        'sms-send': sent,
        'sms-verify': () => {
          saveAuth({ authToken: testToken({ sub: '+998901234567' }), authTokenNumber: '+998901234567', expiresAt: '2030-01-01T00:00:00Z' });
          return { intent: 'sms-verify', ok: true };
        },
      }),
    );
    await requestCode(user);
    await user.type(await screen.findByLabelText('Code from the SMS'), '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Phone confirmed:')).toHaveTextContent('Phone confirmed: +998 90 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Use another phone' }));
    expect(await screen.findByLabelText('Your phone number')).toBeInTheDocument();
  });

  it('starts confirmed when the browser already holds a valid auth token', () => {
    show(answering({}), confirmedPhone('+998901234567'));
    expect(screen.getByText('Phone confirmed:')).toHaveTextContent('+998 90 123 45 67');
    expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();
  });
});

describe('the SMS step’s check against abuse (a proof of work solved in the browser)', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.mocked(smsChallengeReady).mockReturnValue(false);
  });

  it('starts solving the challenge of the phone as soon as it is a whole number, not before', async () => {
    const { user } = show(checksOnly);
    await user.type(screen.getByLabelText('Your phone number'), '+998 90 123 45 6');
    expect(prepareSmsChallenge).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Your phone number'), '7');
    await waitFor(() => expect(prepareSmsChallenge).toHaveBeenCalledWith('+998901234567'));
  });

  it('sends the solved challenge with the code request', async () => {
    jest.mocked(smsChallengeReady).mockReturnValue(true);
    const { user } = show(checksOnly);
    await requestCode(user);
    expect(await screen.findByLabelText('Code from the SMS')).toBeInTheDocument();
    expect(takeSmsChallenge).toHaveBeenCalledWith('+998901234567');
    expect(sendSmsCode).toHaveBeenCalledWith('+998901234567', 'solved');
    expect(screen.queryByText(/Preparing the request/)).not.toBeInTheDocument();
  });

  it('verifies the code with the secret challenge id its request answered (only the requesting tab can spend its attempts)', async () => {
    const { user } = show(checksOnly);
    await requestCode(user);
    await user.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(verifySmsCode).toHaveBeenCalledWith('+998901234567', '123456', 'secret-of-this-tab'));
  });

  it.each(LANGUAGES)(
    'tells the visitor (%s), in a live region, why the code takes a moment while the check is still being solved',
    async (lang) => {
      const c = CATALOGUES[lang];
      const answer = held<SmsOutcome>();
      const { user } = show(async () => answer.promise, {}, lang);
      await user.type(screen.getByLabelText(c.purchase.phone.label), '+998 90 123 45 67');
      await user.click(screen.getByRole('button', { name: c.purchase.phone.send }));
      expect(await screen.findByRole('status')).toHaveTextContent(c.purchase.phone.checking);
      answer.resolve(sent);
      await screen.findByLabelText(c.purchase.phone.codeLabel);
      expect(screen.queryByText(c.purchase.phone.checking)).not.toBeInTheDocument();
    },
  );

  it('solves a new challenge and asks once more when the API found the first too easy (the budgets filled since)', async () => {
    const tooEasy = new ApiFailure(400, { error: { code: 'sms_challenge_too_easy', message: 'Too easy.', field: 'altcha' } });
    jest.mocked(sendSmsCode).mockRejectedValueOnce(tooEasy);
    jest.mocked(takeSmsChallenge).mockResolvedValueOnce('cheap').mockResolvedValueOnce('harder');
    const { user } = show(checksOnly);
    await requestCode(user);
    expect(await screen.findByLabelText('Code from the SMS')).toBeInTheDocument();
    expect(jest.mocked(sendSmsCode).mock.calls).toEqual([
      ['+998901234567', 'cheap'],
      ['+998901234567', 'harder'],
    ]);
  });

  it('says nothing of it when the check was solved while the phone was typed', async () => {
    jest.mocked(smsChallengeReady).mockReturnValue(true);
    const answer = held<SmsOutcome>();
    const { user } = show(async () => answer.promise);
    await user.type(screen.getByLabelText('Your phone number'), '+998 90 123 45 67');
    await waitFor(() => expect(prepareSmsChallenge).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(screen.getByRole('button', { name: 'Get the code' })).toBeDisabled();
    expect(screen.queryByText(/Preparing the request/)).not.toBeInTheDocument();
    answer.resolve(sent);
    await screen.findByLabelText('Code from the SMS');
  });
});

describe.each(LANGUAGES)('the SMS step in %s', (lang) => {
  const c = CATALOGUES[lang];

  it('refuses a phone outside Uzbekistan’s numbering in the page’s language, then asks for the code of a sent SMS', async () => {
    // The step's own checks refuse the short phone; the valid one is sent, as the API would answer.
    const action: ActionFunction = async ({ request }) => {
      const form = await request.formData();
      return form.get('phone') === '12345' ? smsStep('sms-send', Object.fromEntries(form)) : sent;
    };
    const { user } = show(action, {}, lang);
    await user.type(screen.getByLabelText(c.purchase.phone.label), '12345');
    await user.click(screen.getByRole('button', { name: c.purchase.phone.send }));
    expect(await screen.findByText(c.validation.phoneFormat)).toBeInTheDocument();
    expect(screen.getByLabelText(c.purchase.phone.label)).toHaveAccessibleDescription(expect.stringContaining(c.validation.phoneFormat));
    await user.clear(screen.getByLabelText(c.purchase.phone.label));
    await user.type(screen.getByLabelText(c.purchase.phone.label), '+998 90 123 45 67');
    await user.click(screen.getByRole('button', { name: c.purchase.phone.send }));
    expect(await screen.findByLabelText(c.purchase.phone.codeLabel)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: c.purchase.phone.confirm })).toBeInTheDocument();
  });
});
