import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type { FirebasePublicConfig } from '../../../shared/public-config';

/**
 * Firebase app-services analytics (spec section 7). The SDK is large, so it is imported
 * dynamically: esbuild puts it in lazy chunks that only browsers of a configured site download,
 * after hydration. Analytics must never break or block the page: every failure is only logged.
 */

/** The few SDK functions used, so tests can hand in a fake SDK. */
export interface FirebaseSdk {
  initializeApp(options: FirebaseOptions): FirebaseApp;
  getApps(): FirebaseApp[];
  isSupported(): Promise<boolean>;
  getAnalytics(app: FirebaseApp): unknown;
}

export async function loadFirebaseSdk(): Promise<FirebaseSdk> {
  const [app, analytics] = await Promise.all([import('firebase/app'), import('firebase/analytics')]);
  return {
    initializeApp: app.initializeApp,
    getApps: app.getApps,
    isSupported: analytics.isSupported,
    getAnalytics: analytics.getAnalytics,
  };
}

const CONFIG_KEYS = ['apiKey', 'authDomain', 'projectId', 'storageBucket', 'messagingSenderId', 'appId', 'measurementId'] as const;
/** Without these three, Analytics cannot identify the app or the stream: nothing to start. */
const REQUIRED_KEYS = ['apiKey', 'appId', 'measurementId'] as const;

/** The configured values only: Firebase rejects empty strings where it expects a value or nothing. */
export function firebaseOptions(config: Partial<FirebasePublicConfig> | null | undefined): FirebaseOptions | null {
  if (!config) return null;
  const options: FirebaseOptions = {};
  for (const key of CONFIG_KEYS) {
    const value = config[key];
    if (typeof value === 'string' && value.trim() !== '') options[key] = value.trim();
  }
  return REQUIRED_KEYS.every((key) => options[key]) ? options : null;
}

/**
 * Starts Analytics when it is configured and the browser supports it. Resolves to whether it
 * started; never rejects, so callers can fire and forget.
 */
export async function startFirebaseAnalytics(
  config: Partial<FirebasePublicConfig> | null | undefined,
  load: () => Promise<FirebaseSdk> = loadFirebaseSdk,
): Promise<boolean> {
  const options = firebaseOptions(config);
  if (!options) return false;
  try {
    const sdk = await load();
    // False in browsers without IndexedDB or cookies, and in extensions: Analytics would throw there.
    if (!(await sdk.isSupported())) return false;
    // A second start (hot reload, a repeated call) reuses the app: initializeApp would throw.
    const app = sdk.getApps()[0] ?? sdk.initializeApp(options);
    sdk.getAnalytics(app);
    return true;
  } catch (error) {
    console.error('analytics: Firebase Analytics did not start', error);
    return false;
  }
}
