/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, localizePath, type Language } from '../../../shared/languages';
import { findRegionWith, renderComponent } from '../../testing/render';
import { Component } from './route';
import type { PaymentFlow } from './use-payment-flow';

function show(flow: PaymentFlow, loader = jest.fn(() => ({ catalogue: new Promise(() => undefined), flow })), lang: Language = 'en') {
  const rendered = renderComponent(<Component />, { lang, path: '/payment', url: '/payment?tariff=ready-1', loader });
  return { ...rendered, loader };
}

describe('the payment step’s flow', () => {
  it('sends a visitor without a booking to the numbers, in the spec’s words', async () => {
    show({ mode: 'selectNumber' });
    await findRegionWith('alert', 'First you need to select a number');
    expect(screen.getByRole('link', { name: 'Choose a number' })).toHaveAttribute('href', '/en/numbers?tariff=ready-1');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('sends a visitor who is not identified to identification', async () => {
    show({ mode: 'register' });
    await findRegionWith('alert', 'First you need to register');
    expect(screen.getByRole('link', { name: 'Go to identification' })).toHaveAttribute('href', '/en/identification?tariff=ready-1');
  });

  it('says the order expired in the API’s words', async () => {
    show({ mode: 'expired', message: 'The payment time for this order is over. Please select the number again.' });
    await findRegionWith('alert', 'The payment time for this order is over. Please select the number again.');
  });

  it('says the order could not be loaded, and Retry asks again', async () => {
    const { user, loader } = show({ mode: 'failed' });
    await findRegionWith('alert', 'Your order could not be loaded. Please try again.');
    const calls = loader.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(loader.mock.calls.length).toBeGreaterThan(calls);
  });
});

describe.each(LANGUAGES)('the payment step’s messages in %s', (lang) => {
  const c = CATALOGUES[lang];

  it.each([
    ['select a number', 'selectNumber', c.messages.selectNumberFirst, c.payment.toNumbers, '/numbers'],
    ['register', 'register', c.messages.registerFirst, c.payment.toIdentification, '/identification'],
  ] as const)('says to %s first, with the way there', async (_what, mode, message, link, path) => {
    show({ mode }, undefined, lang);
    await findRegionWith('alert', message);
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', `${localizePath(path, lang)}?tariff=ready-1`);
  });
});
