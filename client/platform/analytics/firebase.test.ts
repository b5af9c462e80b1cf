import path from 'node:path';
import { build } from 'esbuild';
import type { FirebaseApp } from 'firebase/app';
import type { FirebasePublicConfig } from '../../../shared/public-config';
import { firebaseOptions, startFirebaseAnalytics, type FirebaseSdk } from './firebase';

const config: FirebasePublicConfig = {
  apiKey: 'AIza-test',
  authDomain: 'oq-test.firebaseapp.com',
  projectId: 'oq-test',
  storageBucket: 'oq-test.appspot.com',
  messagingSenderId: '1234567890',
  appId: '1:1234567890:web:abcdef',
  measurementId: 'G-TEST123',
};

function fakeSdk(overrides: Partial<FirebaseSdk> = {}) {
  const app = { name: '[DEFAULT]' } as FirebaseApp;
  const sdk = {
    initializeApp: jest.fn(() => app),
    getApps: jest.fn((): FirebaseApp[] => []),
    isSupported: jest.fn(async () => true),
    getAnalytics: jest.fn(),
    ...overrides,
  };
  return { sdk, app, load: jest.fn(async () => sdk as FirebaseSdk) };
}

describe('Firebase Analytics', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each(['apiKey', 'appId', 'measurementId'] as const)('loads nothing when %s is missing', async (key) => {
    const { load } = fakeSdk();
    expect(await startFirebaseAnalytics({ ...config, [key]: '' }, load)).toBe(false);
    expect(await startFirebaseAnalytics(null, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts Analytics with the public values', async () => {
    const { sdk, app, load } = fakeSdk();
    expect(await startFirebaseAnalytics(config, load)).toBe(true);
    expect(sdk.initializeApp).toHaveBeenCalledWith(config);
    expect(sdk.getAnalytics).toHaveBeenCalledWith(app);
  });

  it('passes only the values that are set', () => {
    expect(firebaseOptions({ apiKey: 'k', appId: 'a', measurementId: 'm', authDomain: '' })).toEqual({
      apiKey: 'k',
      appId: 'a',
      measurementId: 'm',
    });
  });

  it('reuses an app that is already initialised', async () => {
    const existing = { name: '[DEFAULT]' } as FirebaseApp;
    const { sdk, load } = fakeSdk({ getApps: () => [existing] });
    await startFirebaseAnalytics(config, load);
    expect(sdk.initializeApp).not.toHaveBeenCalled();
    expect(sdk.getAnalytics).toHaveBeenCalledWith(existing);
  });

  it('respects isSupported(): an unsupported browser starts nothing', async () => {
    const { sdk, load } = fakeSdk({ isSupported: async () => false });
    expect(await startFirebaseAnalytics(config, load)).toBe(false);
    expect(sdk.initializeApp).not.toHaveBeenCalled();
    expect(sdk.getAnalytics).not.toHaveBeenCalled();
  });

  const failures: [string, () => () => Promise<FirebaseSdk>][] = [
    ['the chunk fails to load', () => async () => Promise.reject(new Error('ChunkLoadError'))],
    ['isSupported rejects', () => fakeSdk({ isSupported: async () => Promise.reject(new Error('indexedDB blocked')) }).load],
    [
      'getAnalytics throws',
      () =>
        fakeSdk({
          getAnalytics: () => {
            throw new Error('analytics/invalid-argument');
          },
        }).load,
    ],
  ];

  it.each(failures)('only logs to the console when %s, and never rejects', async (_name, makeLoad) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(startFirebaseAnalytics(config, makeLoad())).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Firebase Analytics did not start'), expect.any(Error));
  });

  it('keeps the SDK out of the bundle that imports it: Firebase lands in lazy chunks', async () => {
    // Bundled the way build.mjs bundles the browser: ESM with code splitting.
    const result = await build({
      entryPoints: [path.join(__dirname, 'firebase.ts')],
      bundle: true,
      format: 'esm',
      splitting: true,
      write: false,
      outdir: '/virtual',
      metafile: true,
      logLevel: 'silent',
    });
    const outputs = Object.entries(result.metafile.outputs);
    const [entryFile, entry] = outputs.find(([, output]) => output.entryPoint)!;
    const staticImports = entry.imports.filter((imported) => imported.kind === 'import-statement');
    const lazy = entry.imports.filter((imported) => imported.kind === 'dynamic-import');
    expect(Object.keys(entry.inputs).some((input) => input.includes('node_modules'))).toBe(false);
    expect(staticImports).toEqual([]);
    expect(lazy.length).toBeGreaterThanOrEqual(2);
    const firebaseChunks = outputs.filter(
      ([file, output]) => file !== entryFile && Object.keys(output.inputs).some((input) => input.includes('@firebase/analytics')),
    );
    expect(firebaseChunks.length).toBeGreaterThan(0);
  }, 30000);
});
