import request from 'supertest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createNonce } from './security-headers';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

function cspOf(res: request.Response): Record<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('give every page a nonce CSP without unsafe-inline for scripts, and every script carries the nonce', async () => {
    const res = await request(t.app).get('/en/about').expect(200);
    const csp = cspOf(res);
    const nonce = /'nonce-([^']+)'/.exec(csp['script-src'])?.[1];
    expect(nonce).toBeTruthy();
    expect(csp['script-src']).not.toContain('unsafe-inline');
    expect(csp['script-src']).not.toContain('unsafe-eval');
    expect(csp['object-src']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/type="application\/ld\+json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it('use a fresh nonce for every response', async () => {
    const a = cspOf(await request(t.app).get('/en/about'))['script-src'];
    const b = cspOf(await request(t.app).get('/en/about'))['script-src'];
    expect(a).not.toBe(b);
  });

  it('make nonces of 128 bits that never repeat, past many refills of their entropy', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const nonce = createNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5000);
  });

  it('send nosniff, a referrer policy and a permissions policy allowing geolocation for this site only', async () => {
    for (const path of ['/en/about', '/api/v1/tariffs', '/favicon.svg', '/en/missing']) {
      const res = await request(t.app).get(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('isolate the browsing context and keep static files and the API out of foreign frames too, while other origins may still load them', async () => {
    for (const path of ['/en/about', '/api/v1/tariffs', '/favicon.svg', '/healthz']) {
      const res = await request(t.app).get(path);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Share cards are shown by other sites and the API answers allowed origins: no same-origin-only resources.
      expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
      expect(res.headers['permissions-policy']).toBe(
        'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()',
      );
    }
  });

  it('give a page the whole policy: its own origin for everything, no plugins, forms and base only to itself', async () => {
    const csp = cspOf(await request(t.app).get('/en/about').expect(200));
    const nonce = /'nonce-([^']+)'/.exec(csp['script-src'])![1];
    expect(csp).toEqual({
      'default-src': "'self'",
      'script-src': `'self' 'nonce-${nonce}'`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https://tile.openstreetmap.org",
      'font-src': "'self'",
      'connect-src': "'self'",
      'frame-src': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'self'",
    });
  });

  it('keep every page, /oqDay included, out of foreign frames unless OQDAY_FRAME_ANCESTORS names them', async () => {
    const page = await request(t.app).get('/en/about');
    expect(cspOf(page)['frame-ancestors']).toBe("'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const path of ['/oqDay', '/en/oqDay', '/uz/oqDay', '/uz-cyrl/oqDay']) {
      const webview = await request(t.app).get(path).expect(200);
      expect(cspOf(webview)['frame-ancestors']).toBe("'self'");
      expect(webview.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('let the origins of PAGE_FRAME_ANCESTORS frame every page (Telegram Web), by the long way and the stored pages’ short way alike', async () => {
    const framed = createTestApp({ PAGE_FRAME_ANCESTORS: 'https://web.telegram.org', PAGE_CACHE_SECONDS: '30' });
    try {
      for (const path of ['/en/numbers', '/en/numbers', '/payment', '/oqDay']) {
        const page = await request(framed.app).get(path).expect(200);
        expect(cspOf(page)['frame-ancestors']).toBe("'self' https://web.telegram.org");
        expect(page.headers['x-frame-options']).toBeUndefined();
      }
      expect((await request(framed.app).get('/en/numbers')).headers['x-page-cache']).toBe('HIT');
    } finally {
      framed.close();
    }
  });

  it('let only the origins of OQDAY_FRAME_ANCESTORS frame /oqDay, and no other page', async () => {
    const partner = createTestApp({ OQDAY_FRAME_ANCESTORS: 'https://app.partner.uz, https://web.partner.uz/' });
    try {
      for (const path of ['/oqDay', '/en/oqDay', '/uz/oqDay', '/uz-cyrl/oqDay']) {
        const webview = await request(partner.app).get(path).expect(200);
        expect(cspOf(webview)['frame-ancestors']).toBe("'self' https://app.partner.uz https://web.partner.uz");
        expect(webview.headers['x-frame-options']).toBeUndefined();
      }
      for (const path of ['/en/about', '/uz-cyrl/about', '/uz-cyrl/oqDay/x', '/fr/oqDay']) {
        const other = await request(partner.app).get(path);
        expect(cspOf(other)['frame-ancestors']).toBe("'self'");
      }
      const about = await request(partner.app).get('/en/about').expect(200);
      expect(cspOf(about)['frame-ancestors']).toBe("'self'");
      expect(about.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      partner.close();
    }
  });

  it('let analytics hosts into the CSP only when analytics are configured', async () => {
    const plain = cspOf(await request(t.app).get('/en'));
    expect(plain['script-src']).not.toContain('googletagmanager');
    expect(plain['script-src']).not.toContain('yandex');
    const configured = createTestApp({ GTM_ID: 'GTM-ABC1234', METRIKA_ID: '12345678' });
    try {
      const csp = cspOf(await request(configured.app).get('/en'));
      expect(csp['script-src']).toContain('https://www.googletagmanager.com');
      expect(csp['script-src']).toContain('https://mc.yandex.ru');
    } finally {
      configured.close();
    }
  });
});

describe('hostile input', () => {
  const payload = '<script>alert(1)</script>';
  const encoded = encodeURIComponent(payload);

  it.each([
    ['the path', `/en/${encoded}`],
    ['the query', `/en/news?page=${encoded}&q=${encoded}`],
    ['a deep path', `/uz/news/${encoded}`],
    ['a quote in the path', `/en/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E`],
  ])('is never reflected unescaped from %s', async (_where, path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<img src=x');
  });

  it('is never reflected from the cookie or Accept-Language', async () => {
    const res = await request(t.app).get('/').set('Cookie', `lang=${encoded}; other=${payload}`).set('Accept-Language', payload);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
  });

  it('answers an oversized query with a client error, never a crash', async () => {
    const res = await request(t.app).get(`/en/news?q=${'x'.repeat(20000)}`);
    expect(res.status).toBeLessThan(500);
    await request(t.app).get('/healthz').expect(200);
  });

  it('rejects an oversized or malformed API body with 413 or 400', async () => {
    await request(t.app)
      .post('/api/v1/reservations')
      .set('Content-Type', 'application/json')
      .send(`{"number":"${'9'.repeat(200000)}"}`)
      .expect(413);
    await request(t.app).post('/api/v1/reservations').set('Content-Type', 'application/json').send('{"number":').expect(400);
  });
});

describe('HTTPS behind a proxy', () => {
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  let proxied: TestApp;
  beforeAll(() => {
    proxied = createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => proxied.close());

  it('sends HSTS and a Secure language cookie when the trusted proxy says the request came over HTTPS', async () => {
    const res = await request(proxied.app)
      .get('/')
      .set('X-Forwarded-Proto', 'https')
      .set('User-Agent', BROWSER)
      .set('Accept-Language', 'en')
      .expect(302);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('lang='));
    expect(cookie).toMatch(/; Secure/);
    for (const path of ['/en/about', '/api/v1/tariffs', '/healthz']) {
      expect((await request(proxied.app).get(path).set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('sends neither over plain HTTP, nor when a client that is not the trusted proxy claims HTTPS', async () => {
    const plain = await request(proxied.app).get('/').set('User-Agent', BROWSER).set('Accept-Language', 'en').expect(302);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect((plain.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('lang='))).not.toMatch(/Secure/);
    const untrusted = createTestApp();
    try {
      const forged = await request(untrusted.app)
        .get('/')
        .set('X-Forwarded-Proto', 'https')
        .set('User-Agent', BROWSER)
        .set('Accept-Language', 'en')
        .expect(302);
      expect(forged.headers['strict-transport-security']).toBeUndefined();
      expect((forged.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('lang='))).not.toMatch(/Secure/);
    } finally {
      untrusted.close();
    }
  });
});
