/** @jest-environment @happy-dom/jest-environment */
import { act, screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { ApiFailure } from '../../../shared/api-failure';
import { readAuth } from '../../../shared/tokens';
import { renderComponent, testToken } from '../../testing/render';
import type { SmsIntent } from './sms-step';

// The API's route and Telegram's contact request stand in for the network and the Telegram app.
jest.mock('../../api/telegram', () => ({
  confirmPhoneByTelegram: jest.fn(),
  telegramPhoneEnabled: jest.fn(),
  telegramPhoneDisabled: jest.fn(),
}));
jest.mock('../../platform/telegram/contact', () => ({ shareTelegramContact: jest.fn() }));

// Imported after the mocks are in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { confirmPhoneByTelegram, telegramPhoneEnabled } = require('../../api/telegram') as typeof import('../../api/telegram');
const { shareTelegramContact } = require('../../platform/telegram/contact') as typeof import('../../platform/telegram/contact');
const { PhoneVerification } = require('./PhoneVerification') as typeof import('./PhoneVerification');
const { smsStep } = require('./sms-step') as typeof import('./sms-step');
/* eslint-enable @typescript-eslint/no-require-imports */

const enabled = jest.mocked(telegramPhoneEnabled);
const confirm = jest.mocked(confirmPhoneByTelegram);
const share = jest.mocked(shareTelegramContact);
const SIGNED = { initData: 'user=%7B%22id%22%3A1%7D&auth_date=1&hash=a', contact: 'contact=%7B%7D&auth_date=1&hash=b' };

/** The page's action as it is: the phone step, with the API and Telegram stood in for. */
const pageAction: ActionFunction = async ({ request }) => {
  const form = await request.formData();
  return smsStep(form.get('intent') as SmsIntent, Object.fromEntries(form));
};

function show({ telegram, routeEnabled }: { telegram: boolean; routeEnabled: boolean }) {
  if (telegram) document.documentElement.setAttribute('data-shell', 'telegram');
  else document.documentElement.removeAttribute('data-shell');
  enabled.mockResolvedValue(routeEnabled);
  return renderComponent(<PhoneVerification idPrefix="test" />, { lang: 'en', path: '/identification', action: pageAction });
}

const SHARE = 'Share my phone via Telegram';

beforeEach(() => {
  jest.clearAllMocks();
  share.mockResolvedValue(SIGNED);
});

afterAll(() => document.documentElement.removeAttribute('data-shell'));

describe('the phone confirmed by Telegram', () => {
  it('is offered inside Telegram when the API confirms phones that way, beside the SMS code', async () => {
    show({ telegram: true, routeEnabled: true });
    expect(await screen.findByRole('button', { name: SHARE })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Get the code' })).toBeInTheDocument();
  });

  it('is not offered inside Telegram when the API has no bot token: the SMS step only', async () => {
    show({ telegram: true, routeEnabled: false });
    await screen.findByRole('button', { name: 'Get the code' });
    // The API's answer is in, and the component has rendered after it.
    await waitFor(() => expect(enabled).toHaveBeenCalled());
    await act(async () => {
      await enabled.mock.results[0].value;
    });
    expect(screen.queryByRole('button', { name: SHARE })).not.toBeInTheDocument();
  });

  it('is not offered outside Telegram, and the API is not even asked', async () => {
    show({ telegram: false, routeEnabled: true });
    await screen.findByRole('button', { name: 'Get the code' });
    expect(screen.queryByRole('button', { name: SHARE })).not.toBeInTheDocument();
    expect(enabled).not.toHaveBeenCalled();
  });

  it('stores the confirmed-phone token as the SMS step does, and shows the phone confirmed', async () => {
    const token = testToken({ sub: '+998901234567' });
    confirm.mockResolvedValue({
      authToken: token,
      authTokenNumber: '+998901234567',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const { user } = show({ telegram: true, routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    expect(await screen.findByText('Phone confirmed:')).toBeInTheDocument();
    expect(screen.getByText('+998 90 123 45 67')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(SIGNED);
    expect(readAuth()).toEqual(expect.objectContaining({ phone: '+998901234567' }));
    expect(window.localStorage.getItem('auth_token')).toBe(token);
  });

  it('shows the API’s refusal in its words, and confirms nothing', async () => {
    const message = 'The phone was shared from another Telegram account than the one that opened the shop.';
    confirm.mockRejectedValue(new ApiFailure(401, { error: { code: 'telegram_user_mismatch', message, field: 'contact' } }));
    const { user } = show({ telegram: true, routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(readAuth()).toBeNull();
    expect(screen.getByRole('button', { name: SHARE })).toBeEnabled();
  });

  it('says so when the visitor declines to share their phone in Telegram, and sends nothing', async () => {
    share.mockRejectedValue(new Error('User denied access'));
    const { user } = show({ telegram: true, routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram did not share your phone. Try again or get a code by SMS.');
    expect(confirm).not.toHaveBeenCalled();
  });
});
