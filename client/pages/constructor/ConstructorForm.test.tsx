/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor, within } from '@testing-library/react';
import type { ConstructorOptions } from '../../../shared/api-types';
import { renderComponent } from '../../testing/render';
import { ConstructorForm } from './ConstructorForm';
import { Component } from './route';

const OPTIONS: ConstructorOptions = {
  basePrice: 20_000,
  internetGb: [
    { value: 10, price: 0 },
    { value: 30, price: 15_000 },
  ],
  minutes: [
    { value: 300, price: 0 },
    { value: 600, price: 5_000 },
  ],
  sms: [
    { value: 100, price: 0 },
    { value: 500, price: 3_000 },
  ],
  nightInternet: { gb: 5, price: 4_000, label: 'Night internet' },
  dedicated: { gb: 10, price: 6_000, label: 'Social networks' },
  discountPercent: 50,
  firstMonthsCount: 2,
  defaults: { internetGb: 10, minutes: 300, sms: 100, nightInternet: true, dedicated: false },
};

function show(query = '') {
  return renderComponent(<ConstructorForm options={OPTIONS} />, {
    path: '/constructor',
    url: `/constructor${query}`,
    routes: [{ path: '/numbers', element: <h1>Numbers page</h1> }],
  });
}

/** The monthly fee as the price region reads it aloud. */
const monthlyFee = () => screen.getByText(/^Subscription fee/).closest('p');

describe('the tariff constructor', () => {
  it('snaps values typed into the link to the nearest offered step, and a malformed one to the default', () => {
    show('?internetGb=27&minutes=abc&sms=500');
    expect(within(screen.getByRole('group', { name: 'Internet' })).getByRole('radio', { name: '30 GB' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '300 min' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '500 SMS' })).toBeChecked();
    // A configured link leaves an unticked add-on out: it is off, whatever the default.
    expect(screen.getByRole('checkbox', { name: /Night internet/ })).not.toBeChecked();
  });

  it('starts from the API’s defaults on a first visit', () => {
    show();
    expect(screen.getByRole('radio', { name: '10 GB' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Night internet/ })).toBeChecked();
    expect(monthlyFee()).toHaveTextContent(/^Subscription fee: 24,000\sUZS per month$/);
  });

  it('prices every change at once and keeps the URL in step', async () => {
    const { user, router } = show();
    await user.click(screen.getByRole('radio', { name: '30 GB' }));
    await user.click(screen.getByRole('checkbox', { name: /Social networks/ }));
    expect(monthlyFee()).toHaveTextContent(/^Subscription fee: 45,000\sUZS per month$/);
    expect(screen.getByText('first 2 months', { exact: false })).toHaveTextContent(/first 2 months: 22,500\sUZS per month/);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('internetGb')).toBe('30'));
    expect(new URLSearchParams(router.state.location.search).get('dedicated')).toBe('1');
  });

  it('goes on to the numbers with the configured tariff', async () => {
    const { user, router } = show('?internetGb=30&minutes=600&sms=100');
    await user.click(screen.getByRole('button', { name: 'Choose a number' }));
    expect(await screen.findByRole('heading', { name: 'Numbers page' })).toBeInTheDocument();
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toMatchObject({ tariff: 'constructor', internetGb: '30', minutes: '600', sms: '100' });
  });

  it('shows “Update price” only until the page is hydrated: with JavaScript the price follows by itself', async () => {
    show();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update price' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose a number' })).toBeInTheDocument();
  });

  it('says the constructor could not be loaded, with Retry, when the API failed', async () => {
    const failed = Promise.reject(new Error('API down'));
    failed.catch(() => undefined);
    renderComponent(<Component />, { path: '/constructor', loader: () => ({ options: failed }) });
    expect(await screen.findByText('We could not load the constructor. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry' })).toHaveAttribute('href', '/en/constructor');
  });
});
