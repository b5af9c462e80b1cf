import { scriptSafeJson } from './script-json';

describe('JSON inside a script', () => {
  it('escapes what could end the script or break the line, and reads back as the same value', () => {
    const value = { html: '</script><!-- a & b > c', lines: 'x\u2028y\u2029z', plain: 'Привет' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003c!-- a \\u0026 b \\u003e c');
    expect(JSON.parse(text)).toEqual(value);
  });
});
