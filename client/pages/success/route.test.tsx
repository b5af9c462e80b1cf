/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import type { Order, OrderStatusResponse, PointOfSale } from '../../../shared/api-types';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { DEVICE_UAS } from '../../../shared/testing/user-agents';
import { placedOrder } from '../../testing/purchase-fixtures';
import { renderComponent } from '../../testing/render';
import { onDevice, withDevices } from '../../features/esim/device-test-support';
import { Component } from './route';

withDevices();

const STATUS: OrderStatusResponse = {
  orderId: 'ord-1',
  status: 'activated',
  result: 'activated',
  payment: 'approved',
  number: '+998771234567',
  formatted: '+998 77 123 45 67',
  message: 'The number was successfully activated!',
  activatedAt: '2026-11-28T10:05:00.000Z',
};
const BASE = placedOrder({
  status: 'activated',
  numberPrice: 0,
  total: 24500,
  paymentDeadline: '2026-11-28T22:00:00.000Z',
  paidAt: '2026-11-28T10:05:00.000Z',
  activatedAt: '2026-11-28T10:05:00.000Z',
  esim: { smdpAddress: 'smdp-demo.oq.uz', matchingId: 'ABC123', confirmationCode: null, activationCode: 'LPA:1$smdp-demo.oq.uz$ABC123' },
});
const PICKUP_POINT: PointOfSale = {
  id: 'tashkent-chilonzor',
  city: 'tashkent',
  cityName: 'Tashkent',
  name: 'Chilonzor',
  address: 'Bunyodkor 7',
  landmark: '',
  lat: 41.28,
  lon: 69.2,
  phone: '+998712000000',
  services: ['sim'],
  hours: { monFri: '09:00-18:00', sat: null, sun: null, lunch: null },
};
const APPLE_LINK = 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp-demo.oq.uz%24ABC123';

function show(order: Order, point: PointOfSale | null = null, lang: Language = 'en') {
  const loader = () => ({ state: 'activated', status: STATUS, order, point });
  return renderComponent(<Component />, { lang, path: '/success', url: '/success?order=ord-1', loader });
}

/** The success card's actions, in their order on the page. */
async function actions() {
  const card = (await screen.findByRole('heading', { name: 'The number was successfully activated!' })).closest('section')!;
  return within(card).getAllByRole('link');
}

describe('the activated order', () => {
  it('of an eSIM on an iPhone has “Install eSIM on this phone” as its first, primary and main action, and the home page second', async () => {
    onDevice(DEVICE_UAS.iphone174, { touchPoints: 5 });
    show(BASE);
    const install = await screen.findByRole('link', { name: 'Install eSIM on this phone' });
    const [first, ...rest] = await actions();
    expect(first).toBe(install);
    expect(install).toHaveAttribute('href', APPLE_LINK);
    expect(install).toHaveClass('button--primary');
    expect(install).toHaveAttribute('data-main-action');
    const home = rest.find((link) => link.textContent === 'To the home page')!;
    expect(home).not.toHaveClass('button--primary');
    expect(home).not.toHaveAttribute('data-main-action');
    // The install part below does not offer the same link a second time.
    expect(screen.getAllByRole('link', { name: 'Install eSIM on this phone' })).toEqual([install]);
    expect(screen.getByRole('region', { name: 'Install your eSIM' })).toBeInTheDocument();
  });

  it('of an eSIM on a computer leads first to the install part, its QR code for the phone', async () => {
    onDevice(DEVICE_UAS.windows);
    show(BASE);
    const install = await screen.findByRole('link', { name: 'Install your eSIM' });
    expect((await actions())[0]).toBe(install);
    expect(install).toHaveAttribute('href', '#esim-install-title');
    expect(install).toHaveAttribute('data-main-action');
    expect(document.getElementById('esim-install-title')).toHaveTextContent('Install your eSIM');
  });

  it('of a SIM card picked up names the point as its main content, and the points of sale as its main action', async () => {
    show(
      { ...BASE, simType: 'physical', esim: null, email: null, delivery: { method: 'pickup', pointOfSaleId: PICKUP_POINT.id } },
      PICKUP_POINT,
    );
    const delivery = (await screen.findByRole('heading', { name: 'Your SIM card' })).parentElement!;
    expect(delivery).toHaveTextContent('Your SIM card is waiting at Tashkent, Bunyodkor 7: bring your passport.');
    const [first, ...rest] = await actions();
    expect(first).toHaveTextContent('Points of sale');
    expect(first).toHaveClass('button--primary');
    expect(first).toHaveAttribute('data-main-action');
    expect(rest.map((link) => [link.textContent, link.classList.contains('button--primary')])).toEqual([['To the home page', false]]);
    expect(screen.queryByRole('region', { name: 'Install your eSIM' })).not.toBeInTheDocument();
  });

  it('of a SIM card the courier brings has its delivery as the main content, and no primary action over it', async () => {
    show({ ...BASE, simType: 'physical', esim: null, email: null, delivery: { method: 'courier', address: 'Tashkent, Navoi 1' } });
    const delivery = (await screen.findByRole('heading', { name: 'Your SIM card' })).parentElement!;
    expect(delivery).toHaveTextContent('The courier will bring your SIM card to Tashkent, Navoi 1; we will call before coming.');
    const links = await actions();
    expect(links.map((link) => link.textContent)).toEqual(['To the home page', 'Points of sale']);
    for (const link of links) expect(link).not.toHaveClass('button--primary');
  });
});

describe.each(LANGUAGES)('the activated SIM card in %s', (lang) => {
  it('names its pickup point in the language', async () => {
    const c = CATALOGUES[lang];
    show({ ...BASE, simType: 'physical', esim: null, delivery: { method: 'pickup', pointOfSaleId: PICKUP_POINT.id } }, PICKUP_POINT, lang);
    await screen.findByRole('heading', { name: c.success.simTitle });
    expect(screen.getByText(c.success.pickupAt.replace('{{point}}', 'Tashkent, Bunyodkor 7'))).toBeInTheDocument();
  });
});
