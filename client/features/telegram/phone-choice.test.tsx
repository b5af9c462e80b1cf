/** @jest-environment @happy-dom/jest-environment */
import { act, screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { ApiFailure } from '../../../shared/api-failure';
import { readAuth } from '../../../shared/tokens';
import { renderComponent, testToken } from '../../testing/render';

// The API's route and Telegram's contact request stand in for the network and the Telegram app.
jest.mock('../../api/telegram', () => ({
  confirmPhoneByTelegram: jest.fn(),
  telegramPhoneEnabled: jest.fn(),
  telegramPhoneDisabled: jest.fn(),
}));
jest.mock('./contact', () => ({ shareTelegramContact: jest.fn() }));

// Imported after the mocks are in place (esbuild does not hoist jest.mock above the imports).
/* eslint-disable @typescript-eslint/no-require-imports -- the modules as mocked above */
const { confirmPhoneByTelegram, telegramPhoneEnabled } = require('../../api/telegram') as typeof import('../../api/telegram');
const { shareTelegramContact } = require('./contact') as typeof import('./contact');
const { PhoneVerification } = require('../purchase/PhoneVerification') as typeof import('../purchase/PhoneVerification');
const { smsStep } = require('../purchase/sms-step') as typeof import('../purchase/sms-step');
const { offerTelegramPhone } = require('./phone-choice') as typeof import('./phone-choice');
/* eslint-enable @typescript-eslint/no-require-imports */

const enabled = jest.mocked(telegramPhoneEnabled);
const confirm = jest.mocked(confirmPhoneByTelegram);
const share = jest.mocked(shareTelegramContact);
const SIGNED = { initData: 'user=%7B%22id%22%3A1%7D&auth_date=1&hash=a', contact: 'contact=%7B%7D&auth_date=1&hash=b' };

/** The page's action as it is: the SMS step, which the choice never goes through. */
const pageAction: ActionFunction = async ({ request }) => {
  const form = await request.formData();
  return smsStep(form.get('intent') as 'sms-send' | 'sms-verify', Object.fromEntries(form));
};

let withdraw = () => {};

/** The phone step on a page, with the Mini App's chunk offering Telegram's phone in it. */
async function show({ routeEnabled }: { routeEnabled: boolean }) {
  enabled.mockResolvedValue(routeEnabled);
  const rendered = renderComponent(<PhoneVerification idPrefix="test" />, { lang: 'en', path: '/identification', action: pageAction });
  await screen.findByRole('button', { name: 'Get the code' });
  await act(async () => {
    withdraw = offerTelegramPhone(() => 'en');
    await enabled.mock.results[0].value;
  });
  return rendered;
}

const SHARE = 'Share my phone via Telegram';

beforeEach(() => {
  jest.clearAllMocks();
  share.mockResolvedValue(SIGNED);
});

describe('the phone confirmed by Telegram, in the phone step', () => {
  // Here, not at the file's top: before Testing Library's own cleanup takes the page away under the offers.
  afterEach(() => {
    act(() => withdraw());
    withdraw = () => {};
    window.localStorage.clear();
  });

  it('is offered when the API confirms phones that way, above the SMS code', async () => {
    await show({ routeEnabled: true });
    const offer = await screen.findByRole('button', { name: SHARE });
    expect(offer).toBeEnabled();
    const sms = screen.getByRole('button', { name: 'Get the code' });
    expect(offer.compareDocumentPosition(sms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Or get a code by SMS.')).toBeInTheDocument();
  });

  it('is not offered when the API has no bot token: the SMS step only', async () => {
    await show({ routeEnabled: false });
    expect(screen.queryByRole('button', { name: SHARE })).not.toBeInTheDocument();
    expect(document.querySelector('.phone-verification__telegram')).toBeNull();
  });

  it('stores the confirmed-phone token as the SMS step does, shows the phone confirmed, and comes back for another phone', async () => {
    const token = testToken({ sub: '+998901234567' });
    confirm.mockResolvedValue({
      authToken: token,
      authTokenNumber: '+998901234567',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const { user } = await show({ routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    expect(await screen.findByText('Phone confirmed:')).toBeInTheDocument();
    expect(screen.getByText('+998 90 123 45 67')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(SIGNED);
    expect(readAuth()).toEqual(expect.objectContaining({ phone: '+998901234567' }));
    expect(window.localStorage.getItem('auth_token')).toBe(token);
    // The confirmed phone has no offer beside it.
    await waitFor(() => expect(screen.queryByRole('button', { name: SHARE })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Use another phone' }));
    expect(await screen.findByRole('button', { name: SHARE })).toBeEnabled();
  });

  it('shows the API’s refusal in its words, and confirms nothing', async () => {
    const message = 'The phone was shared from another Telegram account than the one that opened the shop.';
    confirm.mockRejectedValue(new ApiFailure(401, { error: { code: 'telegram_user_mismatch', message, field: 'contact' } }));
    const { user } = await show({ routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(message));
    expect(readAuth()).toBeNull();
    expect(screen.getByRole('button', { name: SHARE })).toBeEnabled();
  });

  it('says so when the visitor declines to share their phone in Telegram, and sends nothing', async () => {
    share.mockRejectedValue(new Error('User denied access'));
    const { user } = await show({ routeEnabled: true });
    await user.click(await screen.findByRole('button', { name: SHARE }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Telegram did not share your phone. Try again or get a code by SMS.',
      ),
    );
    expect(confirm).not.toHaveBeenCalled();
  });

  it('is taken away when the Mini App stops', async () => {
    await show({ routeEnabled: true });
    await screen.findByRole('button', { name: SHARE });
    act(() => withdraw());
    withdraw = () => {};
    expect(screen.queryByRole('button', { name: SHARE })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get the code' })).toBeInTheDocument();
  });
});
