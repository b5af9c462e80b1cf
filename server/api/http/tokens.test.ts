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
});
