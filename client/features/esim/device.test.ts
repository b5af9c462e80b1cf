import { DEVICE_UAS } from '../../../shared/testing/user-agents';
import { esimSupport, INSTALL_LINKS, installRoute, readDevice, type DeviceInfo } from './device';

const USER_AGENTS = DEVICE_UAS;

const ua = (userAgent: string, more: Partial<DeviceInfo> = {}): DeviceInfo => ({ userAgent, ...more });

describe('where the eSIM installs from a link', () => {
  it.each([
    ['an iPhone on iOS 17.4', 'ios', ua(USER_AGENTS.iphone174)],
    ['an iPad on iPadOS 18.1', 'ios', ua(USER_AGENTS.ipad)],
    ['an iPhone on iOS 17.3 (before the link)', 'elsewhere', ua(USER_AGENTS.iphone173)],
    ['an Android phone', 'android', ua(USER_AGENTS.pixel)],
    ['an Android phone with a reduced user agent', 'android', ua(USER_AGENTS.reducedAndroid)],
    ['Android named by the client hints alone', 'android', ua('Mozilla/5.0 (X11; Linux x86_64)', { platform: 'Android', mobile: true })],
    ['a Windows computer', 'elsewhere', ua(USER_AGENTS.windows)],
    ['a Mac', 'elsewhere', ua(USER_AGENTS.mac)],
    ['a Mac with a touch screen (an iPad asking for the desktop site)', 'unsure', ua(USER_AGENTS.mac, { touch: true })],
    ['a phone nobody can name', 'unsure', ua(USER_AGENTS.featurePhone)],
  ] as const)('%s: %s', (_name, route, device) => {
    expect(installRoute(device)).toBe(route);
  });
});

describe('whether the device takes an eSIM', () => {
  it.each([
    ['a recent iPhone (iOS 17 and later run only on models with eSIM)', 'likely', ua(USER_AGENTS.iphone174)],
    ['an iPhone on iOS 15 (an iPhone 8 or X has none)', 'possible', ua(USER_AGENTS.iphone15)],
    ['an iPhone on iOS 11 (before eSIM)', 'unlikely', ua(USER_AGENTS.iphone11)],
    ['a Pixel 8 named in the user agent', 'likely', ua(USER_AGENTS.pixel)],
    ['a Galaxy S23 named by the client hints', 'likely', ua(USER_AGENTS.reducedAndroid, { platform: 'Android', model: 'SM-S911B' })],
    ['a Galaxy Z Flip5', 'likely', ua(USER_AGENTS.reducedAndroid, { platform: 'Android', model: 'SM-F731B' })],
    ['an Android phone whose model is hidden', 'unknown', ua(USER_AGENTS.reducedAndroid)],
    ['an Android phone not on the makers’ lists', 'unknown', ua(USER_AGENTS.oldSamsung)],
    ['a computer', 'unknown', ua(USER_AGENTS.windows)],
  ] as const)('%s: %s', (_name, support, device) => {
    expect(esimSupport(device)).toBe(support);
  });
});

describe('the install links', () => {
  const code = 'LPA:1$smdp-demo.oq.uz$0123456789ABCDEF0123456789ABCDEF';

  it('carry the activation code URL-encoded whole, on Apple’s and Google’s hosts', () => {
    expect(INSTALL_LINKS.ios(code)).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp-demo.oq.uz%240123456789ABCDEF0123456789ABCDEF',
    );
    expect(INSTALL_LINKS.android(code)).toBe(
      'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp-demo.oq.uz%240123456789ABCDEF0123456789ABCDEF',
    );
    for (const link of [INSTALL_LINKS.ios(code), INSTALL_LINKS.android(code)])
      expect(new URL(link).searchParams.get('carddata')).toBe(code);
  });

  it('keep a code with the confirmation flag (`$$1`) intact', () => {
    expect(new URL(INSTALL_LINKS.ios(`${code}$$1`)).searchParams.get('carddata')).toBe(`${code}$$1`);
  });
});

describe('reading the device', () => {
  it('asks an Android browser for its model hint, and does without it when refused', async () => {
    const nav = (getHighEntropyValues: () => Promise<{ model?: string }>) =>
      ({
        userAgent: USER_AGENTS.reducedAndroid,
        maxTouchPoints: 5,
        userAgentData: { platform: 'Android', mobile: true, getHighEntropyValues },
      }) as unknown as Navigator;
    expect(await readDevice(nav(async () => ({ model: 'Pixel 9' })))).toMatchObject({ platform: 'Android', model: 'Pixel 9', touch: true });
    expect((await readDevice(nav(() => Promise.reject(new Error('denied'))))).model).toBeUndefined();
  });
});
