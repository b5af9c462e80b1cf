import { jwtDecode } from 'jwt-decode';
import { createTokenService } from './tokens';

const NOW = Date.UTC(2025, 5, 16);

describe('tokens', () => {
  const tokens = createTokenService('secret', () => NOW);

  it('are standard HS256 JWTs with exp in seconds that jwt-decode reads', () => {
    const token = tokens.sign('reservation', 'r1', NOW + 15 * 60_000, '+998771234567');
    const header = jwtDecode<{ alg: string; typ: string }>(token, { header: true });
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(jwtDecode(token)).toEqual({ kind: 'reservation', sub: 'r1', iat: NOW / 1000, exp: NOW / 1000 + 900, num: '+998771234567' });
    expect(tokens.verify(token)).toMatchObject({ ok: true, claims: { kind: 'reservation', sub: 'r1' } });
  });

  it('reject another secret, a changed payload, alg none and expiry', () => {
    const token = tokens.sign('auth', '+998901234567', NOW + 1000);
    expect(createTokenService('other', () => NOW).verify(token)).toMatchObject({ ok: false, reason: 'invalid' });
    const [h, , s] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ kind: 'auth', sub: '+998911111111', iat: 0, exp: 9e9 })).toString('base64url');
    expect(tokens.verify(`${h}.${payload}.${s}`)).toMatchObject({ ok: false, reason: 'invalid' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(tokens.verify(`${none}.${payload}.`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(tokens.verify('garbage')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(createTokenService('secret', () => NOW + 1000).verify(token)).toMatchObject({ ok: false, reason: 'expired', claimedKind: 'auth' });
  });

  it('accept only the canonical base64url spelling of a token', () => {
    const token = tokens.sign('auth', '+998901234567', NOW + 60_000);
    const [h, p, sig] = token.split('.');
    const standard = (part: string) => Buffer.from(part, 'base64url').toString('base64');
    expect(tokens.verify(token)).toMatchObject({ ok: true });
    // A signature with padding appended, or the whole token in standard base64, reads as the same bytes to Node.
    expect(tokens.verify(`${token}==`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(tokens.verify(`${h}.${p}.${sig}=`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(tokens.verify(`${standard(h)}.${standard(p)}.${standard(sig)}`)).toMatchObject({ ok: false, reason: 'invalid' });
    // The same bytes with different unused trailing bits: the last character changed within its group.
    // (32 bytes take 43 characters: the last one carries 4 bits and 2 unused ones, zero when canonical.)
    const last = sig[sig.length - 1];
    expect('AEIMQUYcgkosw048').toContain(last);
    const sibling = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(Buffer.from(`${sig.slice(0, -1)}${sibling}`, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    expect(tokens.verify(`${h}.${p}.${sig.slice(0, -1)}${sibling}`)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(tokens.verify(`${h}.${p}.${sig}\n`)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
