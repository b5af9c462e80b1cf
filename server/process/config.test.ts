import path from 'node:path';
import { ConfigError, defaultSearchThreads, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a fresh checkout', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicSiteUrl).toBe('http://localhost:3000');
    expect(config.apiBaseUrl).toBeNull();
    expect(config.public.apiBaseUrl).toBe('/api/v1');
    expect(config.api.reservationMinutes).toBe(15);
    expect(config.api.auctionExtendMinutes).toBe(5);
    expect(config.api.auctionExtendMaxHours).toBe(24);
    expect(config.api.auctionPlainBidMaxSteps).toBe(10);
    expect(loadConfig({ AUCTION_PLAIN_BID_MAX_STEPS: '25' }).api.auctionPlainBidMaxSteps).toBe(25);
    expect(config.api.auctionConfirmBidAbove).toBe(10_000_000);
    expect(loadConfig({ AUCTION_CONFIRM_BID_ABOVE: '5000000' }).api.auctionConfirmBidAbove).toBe(5_000_000);
    expect(config.public.firebase).toBeNull();
    expect(config.public.gtmId).toBeNull();
    expect(config.public.metrikaId).toBeNull();
    expect(config.public.buildCheckIntervalMinutes).toBe(60);
    expect(config.jwtSecretGenerated).toBe(true);
    expect(config.api.jwtSecret).toHaveLength(64);
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
    ['AUCTION_EXTEND_MAX_HOURS', '0'],
    ['AUCTION_PLAIN_BID_MAX_STEPS', '0'],
    ['AUCTION_CONFIRM_BID_ABOVE', 'ten million'],
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

  it('takes SEARCH_THREADS, else one search thread per process on two cores, whatever WEB_CONCURRENCY', () => {
    expect(loadConfig({ SEARCH_THREADS: '3' }).api.searchThreads).toBe(3);
    expect(() => loadConfig({ SEARCH_THREADS: '0' })).toThrow(/SEARCH_THREADS must be between 1 and 64/);
    expect([1, 2, 4].map((processes) => defaultSearchThreads(processes, 2))).toEqual([1, 1, 1]);
    expect([1, 2, 8].map((processes) => defaultSearchThreads(processes, 8))).toEqual([4, 3, 1]);
  });

  it('has the documented default for every variable', () => {
    const config = loadConfig({});
    expect({ ...config, rootDir: undefined, distDir: undefined, api: { ...config.api, dataDir: undefined, jwtSecret: undefined } }).toEqual(
      {
        nodeEnv: 'production',
        port: 3000,
        host: '0.0.0.0',
        publicSiteUrl: 'http://localhost:3000',
        apiBaseUrl: null,
        trustProxy: false,
        jwtSecretGenerated: true,
        api: {
          demoNumbers: 2400,
          searchThreads: defaultSearchThreads(1),
          reservationMinutes: 15,
          auctionExtendMinutes: 5,
          auctionExtendMaxHours: 24,
          paymentWindowMinutes: 720,
          paymentWindowPremiumMinutes: 30,
          auctionBuyNowWindowMinutes: 15,
          auctionBanDays: 30,
          auctionDepositPercent: 10,
          auctionDepositFromPrice: 20_000_000,
          auctionPlainBidMaxSteps: 10,
          auctionConfirmBidAbove: 10_000_000,
          corsOrigins: [],
          production: true,
          esim: { smdpAddress: 'smdp-demo.oq.uz', confirmationCode: false },
          limits: {
            reservationsPerHour: 60,
            reservationsPerNetworkPerHour: 180,
            holdsPerClient: 20,
            holdsPerNetwork: 60,
            bookingsPerPhone: 2,
            anonymousHeldShare: 0.2,
            premiumHeldShare: 0.5,
            premiumHoldsPerPhone: 1,
            anonymousPremiumHoldsPerClient: 1,
            anonymousPremiumHoldsPerNetwork: 3,
            smsPhonesPerHour: 10,
            smsPerNetworkPerHour: 100,
            smsTotalPerHour: 1000,
            smsReserveShare: 0.25,
            smsReserveNetworkCodes: 2,
            ordersAwaitingPayment: 3,
            bidsPerMinute: 10,
            streamsPerClient: 20,
            streamsTotal: 5000,
            streamsSiteShare: 0.05,
            streamsBusySiteShare: 0.01,
            watchesPerHour: 10,
            identificationFailuresPerPhone: 5,
            identificationFailuresPerPhoneDocument: 3,
            identificationFailuresPerDocument: 50,
            rebookWaitMinutes: 15,
            refusedPerHour: 240,
          },
          smsChallenge: { work: 900, maxFactor: 16 },
          redisUrl: null,
          siteUrl: 'http://localhost:3000',
        },
        renderTimeoutMs: 15000,
        webConcurrency: 1,
        pageCacheSeconds: 5,
        pageCacheMaxBytes: 32 * 1024 * 1024,
        logRequests: true,
        oqDayFrameAncestors: [],
        pageFrameAncestors: [],
        metricsPort: null,
        metricsHost: '127.0.0.1',
        public: {
          siteUrl: 'http://localhost:3000',
          apiBaseUrl: '/api/v1',
          firebase: null,
          gtmId: null,
          metrikaId: null,
          buildCheckIntervalMinutes: 60,
          streamAfterMs: 1000,
          mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          mapAttribution: null,
          showErrorDetails: false,
        },
      },
    );
    expect(config.distDir).toBe(path.join(config.rootDir, 'dist'));
    expect(config.api.dataDir).toBe(path.join(config.rootDir, 'data'));
  });

  it('renders every page afresh and logs no requests in tests and development unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ pageCacheSeconds: 0, logRequests: false });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      pageCacheSeconds: 0,
      logRequests: true,
      public: { showErrorDetails: true },
    });
    expect(loadConfig({ NODE_ENV: 'test', PAGE_CACHE_SECONDS: '7', LOG_REQUESTS: 'on' })).toMatchObject({
      pageCacheSeconds: 7,
      logRequests: true,
    });
  });

  it('takes a variable set to blanks as unset, and trims the others', () => {
    const config = loadConfig({ PORT: '  ', HOST: ' ', RESERVATION_MINUTES: ' 20 ', METRICS_PORT: '', GTM_ID: ' GTM-ABC1234 ' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      api: { reservationMinutes: 20 },
      metricsPort: null,
      public: { gtmId: 'GTM-ABC1234' },
    });
  });

  it('reads origin lists and URLs down to what is used: origins, and an API base without trailing slashes', () => {
    const config = loadConfig({
      PORT: '8080',
      API_CORS_ORIGINS: 'https://a.example/, http://b.example:8080/path',
      OQDAY_FRAME_ANCESTORS: 'https://app.partner.uz https://web.partner.uz/',
      API_BASE_URL: 'https://api.oq.uz/v1//',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      METRICS_PORT: '9100',
    });
    expect(config.publicSiteUrl).toBe('http://localhost:8080');
    expect(config.api.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(config.oqDayFrameAncestors).toEqual(['https://app.partner.uz', 'https://web.partner.uz']);
    expect(config.apiBaseUrl).toBe('https://api.oq.uz/v1');
    expect(config.public.apiBaseUrl).toBe('https://api.oq.uz/v1');
    expect(config.api.redisUrl).toBe('rediss://cache.internal:6380/2');
    expect(config.metricsPort).toBe(9100);
  });

  it.each([
    ['API_CORS_ORIGINS', 'https://a.example, nope'],
    ['OQDAY_FRAME_ANCESTORS', 'ftp://partner.uz'],
    ['REDIS_URL', 'http://cache.internal'],
    ['METRICS_PORT', '-1'],
    ['DEMO_SMS_CODE', '12'],
    ['DEMO_NUMBERS', '2000001'],
    ['STREAM_AFTER_MS', '1.5'],
  ])('stops the boot on %s=%p, naming the variable and not the entry of its list', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} must`));
  });

  it("reads the premium categories' held share and the premium holds of a phone", () => {
    expect(loadConfig({ LIMIT_PREMIUM_HELD_SHARE: '40%' }).api.limits.premiumHeldShare).toBe(0.4);
    expect(loadConfig({ LIMIT_PREMIUM_HOLDS_PER_PHONE: '2' }).api.limits.premiumHoldsPerPhone).toBe(2);
    expect(loadConfig({ LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_ADDRESS: '4' }).api.limits.anonymousPremiumHoldsPerClient).toBe(4);
    expect(loadConfig({ LIMIT_ANONYMOUS_PREMIUM_HOLDS_PER_NETWORK: '9' }).api.limits.anonymousPremiumHoldsPerNetwork).toBe(9);
    expect(() => loadConfig({ LIMIT_PREMIUM_HELD_SHARE: '150' })).toThrow('LIMIT_PREMIUM_HELD_SHARE must be a percentage from 0 to 100');
    expect(() => loadConfig({ LIMIT_PREMIUM_HOLDS_PER_PHONE: '0' })).toThrow(/^Invalid configuration: LIMIT_PREMIUM_HOLDS_PER_PHONE must/);
  });

  it('reads the SMS reserve and the SMS challenges’ work, and refuses a factor that is not a power of two', () => {
    const config = loadConfig({
      LIMIT_SMS_RESERVE_SHARE: '30%',
      LIMIT_SMS_RESERVE_NETWORK_CODES: '3',
      SMS_CHALLENGE_WORK: '1',
      SMS_CHALLENGE_MAX_FACTOR: '64',
    });
    expect(config.api.limits).toMatchObject({ smsReserveShare: 0.3, smsReserveNetworkCodes: 3 });
    expect(config.api.smsChallenge).toEqual({ work: 1, maxFactor: 64 });
    for (const value of ['0', '12', '2048', 'many'])
      expect(() => loadConfig({ SMS_CHALLENGE_MAX_FACTOR: value })).toThrow(
        /^Invalid configuration: SMS_CHALLENGE_MAX_FACTOR must be a power of two from 1 to 1024/,
      );
    expect(() => loadConfig({ SMS_CHALLENGE_WORK: '0' })).toThrow(/^Invalid configuration: SMS_CHALLENGE_WORK must/);
  });

  it('reads the SMS budgets of a network and of all clients per hour, and refuses a budget that is not a positive whole number', () => {
    expect(loadConfig({ LIMIT_SMS_PER_NETWORK_PER_HOUR: '40', LIMIT_SMS_TOTAL_PER_HOUR: '250' }).api.limits).toMatchObject({
      smsPerNetworkPerHour: 40,
      smsTotalPerHour: 250,
    });
    for (const name of ['LIMIT_SMS_PER_NETWORK_PER_HOUR', 'LIMIT_SMS_TOTAL_PER_HOUR'])
      for (const bad of ['0', '-3', '2.5', 'many'])
        expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(`^Invalid configuration: ${name} must`));
  });

  it('reads the anonymous share of a category as a percentage, with or without its sign, and refuses anything else', () => {
    expect(loadConfig({ LIMIT_ANONYMOUS_HELD_SHARE: '35' }).api.limits.anonymousHeldShare).toBe(0.35);
    expect(loadConfig({ LIMIT_ANONYMOUS_HELD_SHARE: '12.5%' }).api.limits.anonymousHeldShare).toBe(0.125);
    expect(loadConfig({ LIMIT_ANONYMOUS_HELD_SHARE: '0' }).api.limits.anonymousHeldShare).toBe(0);
    for (const bad of ['101', '-5', '0.2.1', 'half']) {
      expect(() => loadConfig({ LIMIT_ANONYMOUS_HELD_SHARE: bad })).toThrow(
        `LIMIT_ANONYMOUS_HELD_SHARE must be a percentage from 0 to 100, got "${bad}"`,
      );
    }
  });

  it('names every invalid variable at once, the first as the error variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', RESERVATION_MINUTES: '0', GTM_ID: 'UA-1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('PORT');
    expect((error as ConfigError).message).toBe(
      'Invalid configuration: PORT must be a whole number, got "abc"; RESERVATION_MINUTES must be between 1 and 1440, got 0; GTM_ID must look like GTM-XXXXXXX, got "UA-1"',
    );
  });
});
