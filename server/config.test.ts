import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a fresh checkout', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicSiteUrl).toBe('http://localhost:3000');
    expect(config.apiBaseUrl).toBeNull();
    expect(config.public.apiBaseUrl).toBe('/api/v1');
    expect(config.reservationMinutes).toBe(15);
    expect(config.auctionExtendMinutes).toBe(5);
    expect(config.public.firebase).toBeNull();
    expect(config.public.gtmId).toBeNull();
    expect(config.public.metrikaId).toBeNull();
    expect(config.public.buildCheckIntervalMinutes).toBe(60);
    expect(config.jwtSecretGenerated).toBe(true);
    expect(config.jwtSecret).toHaveLength(64);
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_SITE_URL', 'not a url'],
    ['PUBLIC_SITE_URL', 'ftp://x.example'],
    ['API_BASE_URL', 'operator-api'],
    ['TRUST_PROXY', 'sometimes'],
    ['RESERVATION_MINUTES', '0'],
    ['JWT_SECRET', 'short'],
    ['GTM_ID', 'UA-1'],
    ['METRIKA_ID', 'abc'],
    ['NODE_ENV', 'staging'],
    ['LOG_REQUESTS', 'maybe'],
  ])('stops the boot on %s=%p with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('names the missing Firebase value when only part of it is set', () => {
    expect(() => loadConfig({ FIREBASE_API_KEY: 'key' })).toThrow('FIREBASE_APP_ID is required');
  });

  it('keeps secrets out of the public subset', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), DEMO_SMS_CODE: '1234' });
    const visible = JSON.stringify(config.public);
    expect(visible).not.toContain('x'.repeat(40));
    expect(visible).not.toContain('1234');
  });

  it('reads the analytics settings into the public subset only when set', () => {
    const config = loadConfig({
      FIREBASE_API_KEY: 'k',
      FIREBASE_APP_ID: '1:2:web:3',
      FIREBASE_MEASUREMENT_ID: 'G-TEST',
      GTM_ID: 'GTM-ABC1234',
      METRIKA_ID: '12345678',
    });
    expect(config.public.firebase).toMatchObject({ apiKey: 'k', appId: '1:2:web:3', measurementId: 'G-TEST' });
    expect(config.public.gtmId).toBe('GTM-ABC1234');
    expect(config.public.metrikaId).toBe('12345678');
  });

  it.each([
    ['true', true],
    ['1', 1],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
  ])('understands TRUST_PROXY=%p', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});
