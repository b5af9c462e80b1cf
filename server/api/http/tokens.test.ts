import { jwtDecode } from 'jwt-decode';
import { createTokenService } from './tokens';

const NOW = Date.UTC(2025, 5, 16);

describe('tokens', () => {
  const tokens = createTokenService('secret', () => NOW);

  it('are standard HS256 JWTs with exp in seconds that jwt-decode reads', async () => {
    const token = await tokens.sign({ kind: 'reservation', sub: 'r1', expiresAtMs: NOW + 15 * 60_000, num: '+998771234567' });
    const header = jwtDecode<{ alg: string; typ: string }>(token, { header: true });
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(jwtDecode(token)).toEqual({ kind: 'reservation', sub: 'r1', iat: NOW / 1000, exp: NOW / 1000 + 900, num: '+998771234567' });
    expect(await tokens.verify(token)).toEqual({
      ok: true,
      claims: { kind: 'reservation', sub: 'r1', iat: NOW / 1000, exp: NOW / 1000 + 900, num: '+998771234567' },
    });
  });

  it('carry no num claim when the grant has none', async () => {
    const token = await tokens.sign({ kind: 'order', sub: 'o1', expiresAtMs: NOW + 60_000 });
    expect(jwtDecode(token)).toEqual({ kind: 'order', sub: 'o1', iat: NOW / 1000, exp: NOW / 1000 + 60 });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { kind: 'order', sub: 'o1', iat: NOW / 1000, exp: NOW / 1000 + 60 } });
  });

  it('reject another secret, a changed payload, alg none and expiry', async () => {
    const token = await tokens.sign({ kind: 'auth', sub: '+998901234567', expiresAtMs: NOW + 1000 });
    expect(await createTokenService('other', () => NOW).verify(token)).toMatchObject({ ok: false, reason: 'invalid' });
    const [h, , s] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ kind: 'auth', sub: '+998911111111', iat: 0, exp: 9e9 })).toString('base64url');
    expect(await tokens.verify(`${h}.${payload}.${s}`)).toMatchObject({ ok: false, reason: 'invalid' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await tokens.verify(`${none}.${payload}.`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await tokens.verify('garbage')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await createTokenService('secret', () => NOW + 1000).verify(token)).toEqual({
      ok: false,
      reason: 'expired',
      claimedKind: 'auth',
      claims: { kind: 'auth', sub: '+998901234567', iat: NOW / 1000, exp: (NOW + 1000) / 1000 },
    });
    expect(await createTokenService('secret', () => NOW + 999).verify(token)).toMatchObject({ ok: true });
  });

  it('refuse a token signed with another HMAC algorithm by the same secret', async () => {
    const { SignJWT } = await import('jose');
    const hs512 = await new SignJWT({ kind: 'auth' })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject('+998901234567')
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode('secret'));
    expect(await tokens.verify(hs512)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuse a genuine signature over claims of an unknown kind, even when expired', async () => {
    const { SignJWT } = await import('jose');
    const sign = (kind: string, exp: number) =>
      new SignJWT({ kind })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('x')
        .setIssuedAt(0)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode('secret'));
    expect(await tokens.verify(await sign('admin', NOW / 1000 + 60))).toEqual({ ok: false, reason: 'invalid', claimedKind: 'admin' });
    expect(await tokens.verify(await sign('admin', NOW / 1000 - 60))).toEqual({ ok: false, reason: 'invalid', claimedKind: 'admin' });
  });

  it('accept only the canonical base64url spelling of a token', async () => {
    const token = await tokens.sign({ kind: 'auth', sub: '+998901234567', expiresAtMs: NOW + 60_000 });
    const [h, p, sig] = token.split('.');
    const standard = (part: string) => Buffer.from(part, 'base64url').toString('base64');
    expect(await tokens.verify(token)).toMatchObject({ ok: true });
    // A signature with padding appended, or the whole token in standard base64, reads as the same bytes to Node.
    expect(await tokens.verify(`${token}==`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${h}.${p}.${sig}=`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${standard(h)}.${standard(p)}.${standard(sig)}`)).toMatchObject({ ok: false, reason: 'invalid' });
    // The same bytes with different unused trailing bits: the last character changed within its group.
    // (32 bytes take 43 characters: the last one carries 4 bits and 2 unused ones, zero when canonical.)
    const last = sig[sig.length - 1];
    expect('AEIMQUYcgkosw048').toContain(last);
    const sibling = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(Buffer.from(`${sig.slice(0, -1)}${sibling}`, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    expect(await tokens.verify(`${h}.${p}.${sig.slice(0, -1)}${sibling}`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${h}.${p}.${sig}\n`)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
