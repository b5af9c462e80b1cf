/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { SimType } from '../../../shared/api-types';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { OQ_SMART, placedOrder } from '../../testing/purchase-fixtures';
import { findRegionWith, renderComponent } from '../../testing/render';
import { LAST_PAYMENT_METHOD_KEY } from './last-method';
import { Component } from './route';
import type { OrderPayment } from './use-payment-flow';

const simTypes: SimType[] = [{ id: 'esim', name: 'eSIM', description: '', price: 0, requires: ['email'] }];
const order = placedOrder();

function show(payment: OrderPayment, { lang = 'en', stored = {} }: { lang?: Language; stored?: Record<string, string> } = {}) {
  const loader = () => ({
    catalogue: Promise.resolve({ tariffs: [OQ_SMART], simTypes, points: [] }),
    flow: { mode: 'order', order, payment },
  });
  return renderComponent(<Component />, { lang, path: '/payment', url: '/payment?order=ord-1', loader, localStorage: stored });
}

const methods = ['Payme', 'Click', 'Uzum', 'Bank card'];

describe('a placed order on the payment step', () => {
  it('folds the summary to its total, which its summary line shows, and unfolds it on a click', async () => {
    const { user } = show('none');
    const summary = await screen.findByRole('region', { name: 'Your order' });
    const fold = summary.querySelector('details')!;
    expect(fold).not.toHaveAttribute('open');
    const line = fold.querySelector('summary')!;
    expect(line.textContent).toBe('Total to pay now94,500\u00a0UZS');
    await user.click(line);
    expect(fold).toHaveAttribute('open');
    expect(within(summary).getByText('+998 77 123 45 67')).toBeVisible();
    expect(within(summary).getByText('The number, the SIM and the first month at the discounted price.')).toBeVisible();
  });

  it('after a decline says nothing was charged and shows the methods at once, the last one chosen, with no “I’ve already paid”', async () => {
    show('declined', { stored: { [LAST_PAYMENT_METHOD_KEY]: 'card' } });
    const alert = await findRegionWith('alert', 'The payment was declined. Nothing was charged.');
    expect(alert).toHaveTextContent('Choose a payment method below and try again.');
    expect(within(alert).getByRole('link', { name: 'Support Service' })).toHaveAttribute('href', '/en/about#support');
    for (const name of methods) expect(await screen.findByRole('radio', { name })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Bank card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay 94,500\u00a0UZS' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: "I've already paid" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your number has not been activated. Please double check the payment!')).not.toBeInTheDocument();
  });

  it('while a payment is pending says it has not arrived and offers “I’ve already paid” and Try Again', async () => {
    show('pending');
    const alert = await findRegionWith('alert', 'Your number has not been activated. Please double check the payment!');
    expect(within(alert).getByRole('button', { name: "I've already paid" })).toBeEnabled();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeEnabled();
    expect(screen.queryByText('The payment was declined. Nothing was charged.')).not.toBeInTheDocument();
  });

  it('before any payment shows the methods with no alert and no “I’ve already paid”', async () => {
    show('none');
    for (const name of methods) expect(await screen.findByRole('radio', { name })).not.toBeChecked();
    expect(screen.queryByText('The payment was declined. Nothing was charged.')).not.toBeInTheDocument();
    expect(screen.queryByText('Your number has not been activated. Please double check the payment!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've already paid" })).not.toBeInTheDocument();
  });

  it('reopened from the visitor’s token, where a payment may be on its way, offers “I’ve already paid”', async () => {
    show('unknown');
    expect(await screen.findByRole('button', { name: "I've already paid" })).toBeEnabled();
  });
});

describe.each(LANGUAGES)('the declined payment in %s', (lang) => {
  it('says nothing was charged in the language', async () => {
    show('declined', { lang });
    await findRegionWith('alert', CATALOGUES[lang].payment.declined);
  });
});
