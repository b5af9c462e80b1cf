/** @jest-environment @happy-dom/jest-environment */
import { screen, within } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import type { EsimProfile } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { DEVICE_UAS } from '../../../shared/testing/user-agents';
import { renderComponent } from '../../testing/render';
import { EsimInstall } from './EsimInstall';
import { onDevice, withDevices } from './device-test-support';

withDevices();

const PROFILE: EsimProfile = {
  smdpAddress: 'smdp-demo.oq.uz',
  matchingId: '0123456789ABCDEF0123456789ABCDEF',
  confirmationCode: null,
  activationCode: 'LPA:1$smdp-demo.oq.uz$0123456789ABCDEF0123456789ABCDEF',
};
const APPLE_LINK =
  'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp-demo.oq.uz%240123456789ABCDEF0123456789ABCDEF';
const GOOGLE_LINK =
  'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp-demo.oq.uz%240123456789ABCDEF0123456789ABCDEF';
const HINT = 'The phone asks you to confirm, then downloads the eSIM. Stay on Wi-Fi while it installs.';

function showInstall(profile: EsimProfile = PROFILE, email: string | null = null, lang: Language = 'en') {
  return renderComponent(<EsimInstall profile={profile} email={email} />, { lang, path: '/success' });
}

/** The QR code, once the browser has drawn it (uqr is loaded with the block). */
async function drawnQrCode(): Promise<HTMLElement> {
  const qr = screen.getByRole('img', { name: 'QR code of your eSIM activation code' });
  await within(qr).findByText((_content, element) => element?.tagName.toLowerCase() === 'svg');
  return qr;
}

/** Every link that installs the eSIM on the phone the page is on, whatever its name. */
const installLinks = () => screen.queryAllByRole('link', { name: /^Install/ });

describe('the eSIM install block', () => {
  it('on an iPhone with iOS 17.4 gives one button, Apple’s install link carrying the whole activation code', async () => {
    onDevice(DEVICE_UAS.iphone174, { touchPoints: 5 });
    showInstall();
    const button = await screen.findByRole('link', { name: 'Install eSIM on this phone' });
    expect(button).toHaveAttribute('href', APPLE_LINK);
    expect(installLinks()).toEqual([button]);
    expect(screen.getByText(HINT)).toBeVisible();
  });

  it('on an Android phone gives one button, Google’s install link', async () => {
    onDevice(DEVICE_UAS.pixel, { touchPoints: 5 });
    showInstall();
    const button = await screen.findByRole('link', { name: 'Install eSIM on this phone' });
    expect(button).toHaveAttribute('href', GOOGLE_LINK);
    expect(installLinks()).toEqual([button]);
  });

  it('on a computer offers no install button: the QR code for the phone, and the codes to type, each with Copy', async () => {
    onDevice(DEVICE_UAS.windows);
    const { user } = showInstall();
    await drawnQrCode();
    expect(installLinks()).toEqual([]);
    expect(screen.getByRole('heading', { level: 3, name: 'On another phone: scan the QR code' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Or type the codes' })).toBeInTheDocument();
    expect(screen.getByText('smdp-demo.oq.uz', { selector: 'code' })).toBeVisible();
    expect(screen.getByText(PROFILE.activationCode, { selector: 'code' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy: Activation code' }));
    expect(await screen.findByText('Activation code copied')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(PROFILE.activationCode);
  });

  it('on an iPhone older than iOS 17.4, where Apple’s link does not work, offers no install button but the QR code', async () => {
    onDevice(DEVICE_UAS.iphone173, { touchPoints: 5 });
    showInstall();
    await drawnQrCode();
    expect(installLinks()).toEqual([]);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it.each([
    ['a phone nobody can name', DEVICE_UAS.featurePhone, 5],
    ['an iPad asking for the desktop site (a Mac with a touch screen)', DEVICE_UAS.mac, 5],
  ])('on %s gives both links, each with its platform’s name', async (_device, userAgent, touchPoints) => {
    onDevice(userAgent, { touchPoints });
    showInstall();
    expect(await screen.findByRole('link', { name: 'Install on iPhone (iOS 17.4 or later)' })).toHaveAttribute('href', APPLE_LINK);
    expect(screen.getByRole('link', { name: 'Install on Android' })).toHaveAttribute('href', GOOGLE_LINK);
    expect(screen.queryByRole('link', { name: 'Install eSIM on this phone' })).not.toBeInTheDocument();
  });

  it('lists the confirmation code when the operator requires one, and says where the QR code was e-mailed', async () => {
    onDevice(DEVICE_UAS.windows);
    showInstall({ ...PROFILE, confirmationCode: '12345678', activationCode: `${PROFILE.activationCode}$1.3.6.1$1` }, 'aziz@example.uz');
    await drawnQrCode();
    expect(screen.getByText('Confirmation code', { selector: 'dt' })).toBeVisible();
    expect(screen.getByText('12345678', { selector: 'code' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy: Confirmation code' })).toBeInTheDocument();
    expect(screen.getByText('We have also sent the QR code to aziz@example.uz.')).toBeVisible();
    expect(screen.getByText('The code installs once. Keep the eSIM on the phone: an eSIM that is deleted needs a new code.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Need help with the installation? Come to a point of sale' })).toHaveAttribute(
      'href',
      '/en/pointsOfSale',
    );
  });
});

describe.each(LANGUAGES)('the eSIM install block in %s', (lang) => {
  const c = CATALOGUES[lang].esim;

  it('names the iPhone’s install button and its hint in the page’s language', async () => {
    onDevice(DEVICE_UAS.iphone174, { touchPoints: 5 });
    showInstall(PROFILE, null, lang);
    expect(await screen.findByRole('link', { name: c.installHere })).toHaveAttribute('href', APPLE_LINK);
  });

  it('names the QR code, the codes and their Copy buttons in the page’s language on a computer', async () => {
    onDevice(DEVICE_UAS.windows);
    const { user } = showInstall(PROFILE, null, lang);
    const qr = screen.getByRole('img', { name: c.qrLabel });
    await within(qr).findByText((_content, element) => element?.tagName.toLowerCase() === 'svg');
    await user.click(screen.getByRole('button', { name: c.copyWhat.replace('{{what}}', c.activationCode) }));
    expect(await screen.findByText(c.copied.replace('{{what}}', c.activationCode))).toBeVisible();
  });
});
