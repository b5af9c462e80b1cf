import devices from './esim-devices.json';

/**
 * What the browser says about the device: its user agent, and where the browser sends them,
 * user-agent client hints (Chromium reduces the user agent to "Android 10; K", so an Android
 * phone's model is only in the hints).
 */
export interface DeviceInfo {
  userAgent: string;
  /** `navigator.userAgentData.platform`: "Android", "iOS", "Windows", "macOS", "Linux", "Chrome OS". */
  platform?: string;
  mobile?: boolean;
  /** The high-entropy hint `model`, e.g. "Pixel 8" or "SM-S911B". */
  model?: string;
  /** More than one touch point: an iPad asking for the desktop site says "Macintosh". */
  touch?: boolean;
}

/** How the phone the visitor is on can install the eSIM from this page. */
export type InstallRoute = 'ios' | 'android' | 'unsure' | 'elsewhere';

/** Whether the device the visitor is on is likely to take an eSIM. */
export type EsimSupport = 'likely' | 'possible' | 'unlikely' | 'unknown';

type Version = readonly [number, number];

const atLeast = (version: Version, from: readonly number[]) => version[0] > from[0] || (version[0] === from[0] && version[1] >= from[1]);

/** iOS and iPadOS write their version as `OS 17_4` (an iPad may also ask for the desktop site: "Macintosh"). */
function iosVersion(userAgent: string): Version | null {
  if (!/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return null;
  const found = /\bOS (\d+)_(\d+)/.exec(userAgent);
  return found ? [Number(found[1]), Number(found[2])] : [0, 0];
}

const isAndroid = (device: DeviceInfo) => device.platform === 'Android' || /\bAndroid\b/.test(device.userAgent);

/** The model the browser names: the client hint, or the user agent's `Android 14; Pixel 8)` part. */
function androidModel(device: DeviceInfo): string | null {
  if (device.model) return device.model;
  const found = /\bAndroid [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(device.userAgent);
  const model = found?.[1].trim();
  // "K" is Chromium's reduced user agent: no model at all.
  return model && model !== 'K' ? model : null;
}

const isDesktop = (device: DeviceInfo) =>
  device.mobile === false ||
  (/\b(Windows NT|X11|CrOS)\b/.test(device.userAgent) && !isAndroid(device)) ||
  (/\bMacintosh\b/.test(device.userAgent) && !device.touch);

/**
 * Where the install link can work: iOS 17.4 and later (Apple's link), Android (Google's link);
 * a computer installs nothing (its QR code is for the phone); anything else is unsure, and the
 * page then offers both links with their platforms' names.
 */
export function installRoute(device: DeviceInfo): InstallRoute {
  const ios = iosVersion(device.userAgent);
  if (ios) return atLeast(ios, devices.ios.installLinkFrom) ? 'ios' : 'elsewhere';
  if (isAndroid(device)) return 'android';
  if (isDesktop(device)) return 'elsewhere';
  return 'unsure';
}

/** The device against the makers' eSIM lists (esim-devices.json, with its sources and date). */
export function esimSupport(device: DeviceInfo): EsimSupport {
  const ios = iosVersion(device.userAgent);
  if (ios && /\biPhone\b/.test(device.userAgent)) {
    if (atLeast(ios, devices.ios.likelyFrom)) return 'likely';
    return atLeast(ios, devices.ios.possibleFrom) ? 'possible' : 'unlikely';
  }
  if (isAndroid(device)) {
    const model = androidModel(device);
    if (model && devices.android.some((entry) => new RegExp(entry.model, 'i').test(model))) return 'likely';
  }
  return 'unknown';
}

/**
 * The links that open the phone's own eSIM installer with the activation code filled in. The code
 * is a query value: URL-encoded whole (`$` and `:` included).
 */
export const INSTALL_LINKS = {
  ios: (activationCode: string) => `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`,
  android: (activationCode: string) =>
    `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`,
} as const;

interface UserAgentData {
  platform?: string;
  mobile?: boolean;
  getHighEntropyValues?(hints: string[]): Promise<{ model?: string }>;
}

/** The browser's own account of the device; the model hint is asked for once, where the browser has hints. */
export async function readDevice(nav: Navigator = navigator): Promise<DeviceInfo> {
  const data = (nav as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const device: DeviceInfo = {
    userAgent: nav.userAgent,
    platform: data?.platform,
    mobile: data?.mobile,
    touch: nav.maxTouchPoints > 1,
  };
  if (!data?.getHighEntropyValues || device.platform !== 'Android') return device;
  try {
    const { model } = await data.getHighEntropyValues(['model']);
    return model ? { ...device, model } : device;
  } catch {
    return device;
  }
}
