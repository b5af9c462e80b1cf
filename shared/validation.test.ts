import {
  checkBirthDate,
  checkEmail,
  checkIdentity,
  checkIdentityDocument,
  checkPassport,
  checkPinfl,
  checkUzPhone,
  formatUzPhone,
  pinflBirthDate,
  pinflCheckDigit,
  validationMessageKey,
} from './validation';

// 2025-06-15 12:00 in Tashkent.
const NOW = Date.UTC(2025, 5, 15, 7, 0, 0);

function pinfl(first13: string): string {
  return first13 + pinflCheckDigit(first13);
}

describe('date of birth', () => {
  it('accepts a real dd.mm.yyyy date in the past', () => {
    expect(checkBirthDate('29.02.1996', NOW)).toEqual({ ok: true, value: { day: 29, month: 2, year: 1996 } });
  });
  it('rejects other formats with the spec message code', () => {
    for (const text of ['1996-02-29', '1.2.1996', '01/02/1996', '01.02.96', 'abc']) {
      expect(checkBirthDate(text, NOW)).toEqual({ ok: false, error: 'dateFormat' });
    }
  });
  it('rejects dates that do not exist in the calendar', () => {
    expect(checkBirthDate('29.02.1997', NOW)).toEqual({ ok: false, error: 'dateFormat' });
    expect(checkBirthDate('31.04.1990', NOW)).toEqual({ ok: false, error: 'dateFormat' });
    expect(checkBirthDate('00.01.1990', NOW)).toEqual({ ok: false, error: 'dateFormat' });
  });
  it('rejects a date in the future but accepts today in Tashkent', () => {
    expect(checkBirthDate('16.06.2025', NOW)).toEqual({ ok: false, error: 'dateInFuture' });
    expect(checkBirthDate('15.06.2025', NOW).ok).toBe(true);
  });
  it('rejects dates before 1900 and empty input', () => {
    expect(checkBirthDate('01.01.1899', NOW)).toEqual({ ok: false, error: 'dateTooOld' });
    expect(checkBirthDate('  ', NOW)).toEqual({ ok: false, error: 'required' });
  });
});

describe('passport', () => {
  it('normalizes case and spaces', () => {
    expect(checkPassport('aa 1234567')).toEqual({ ok: true, value: 'AA1234567' });
  });
  it('rejects wrong shapes', () => {
    for (const text of ['A1234567', 'AA123456', 'AA12345678', 'ÄA1234567', '1234567AA']) {
      expect(checkPassport(text)).toEqual({ ok: false, error: 'passportFormat' });
    }
  });
});

describe('PINFL', () => {
  it('computes the check digit with weights 7, 3, 1', () => {
    // 3*7 + 1*3 + 2*1 + 0*7 + 5*3 + 9*1 + 6*7 + 2*3 + 6*1 + 0*7 + 0*3 + 1*1 + 2*7 = 119
    expect(pinflCheckDigit('3120596260012')).toBe(9);
  });
  it('reads the birth date from digits 1 to 7', () => {
    expect(pinflBirthDate('31205962600129')).toEqual({ day: 12, month: 5, year: 1996 });
    expect(pinflBirthDate('50101052600120')).toEqual({ day: 1, month: 1, year: 2005 });
    expect(pinflBirthDate('13105962600120')).toBeNull();
  });
  it('accepts a PINFL with a valid date and check digit', () => {
    expect(checkPinfl('31205962600129')).toEqual({ ok: true, value: '31205962600129' });
  });
  it('reports the failing part', () => {
    expect(checkPinfl('3120596260012')).toEqual({ ok: false, error: 'pinflFormat' });
    expect(checkPinfl('31205962600128')).toEqual({ ok: false, error: 'pinflChecksum' });
    expect(checkPinfl(pinfl('3320596260012'))).toEqual({ ok: false, error: 'pinflBirthDate' });
    expect(checkPinfl(pinfl('7120596260012'))).toEqual({ ok: false, error: 'pinflBirthDate' });
  });
});

describe('identity field', () => {
  it('takes a passport or a PINFL', () => {
    expect(checkIdentityDocument('ab1234567')).toEqual({ ok: true, value: { type: 'passport', value: 'AB1234567' } });
    expect(checkIdentityDocument('3120 5962 6001 29')).toEqual({ ok: true, value: { type: 'pinfl', value: '31205962600129' } });
  });
  it('names the rule of the kind it looks like', () => {
    expect(checkIdentityDocument('AB12')).toEqual({ ok: false, error: 'passportFormat' });
    expect(checkIdentityDocument('1234')).toEqual({ ok: false, error: 'pinflFormat' });
    expect(checkIdentityDocument('-1234')).toEqual({ ok: false, error: 'identityFormat' });
    expect(checkIdentityDocument('')).toEqual({ ok: false, error: 'required' });
  });
  it('requires the typed date of birth to agree with the PINFL', () => {
    expect(checkIdentity({ document: '31205962600129', birthDate: '12.05.1996' }, NOW).ok).toBe(true);
    expect(checkIdentity({ document: '31205962600129', birthDate: '13.05.1996' }, NOW)).toEqual({
      ok: false,
      errors: { birthDate: 'pinflBirthDateMismatch' },
    });
  });
  it('reports both fields at once', () => {
    expect(checkIdentity({ document: 'x', birthDate: '1996' }, NOW)).toEqual({
      ok: false,
      errors: { document: 'identityFormat', birthDate: 'dateFormat' },
    });
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses and trims them', () => {
    expect(checkEmail(' aziza.k@mail.uz ')).toEqual({ ok: true, value: 'aziza.k@mail.uz' });
  });
  it('rejects addresses without a dotted domain or with spaces', () => {
    for (const text of ['aziza', 'aziza@mail', 'a b@mail.uz', '@mail.uz', 'a@-mail.uz']) {
      expect(checkEmail(text)).toEqual({ ok: false, error: 'emailFormat' });
    }
  });
});

describe('Uzbek phone', () => {
  it('normalizes spaces, dashes and brackets to +998XXXXXXXXX', () => {
    expect(checkUzPhone('+998 (90) 123-45-67')).toEqual({ ok: true, value: '+998901234567' });
    expect(checkUzPhone('998771234567')).toEqual({ ok: true, value: '+998771234567' });
  });
  it('takes the nine national digits in any spacing, with or without 998', () => {
    for (const text of ['90 555 12 34', '905551234', '+998 90 555 12 34', '998905551234', ' (90) 555-12-34 ']) {
      expect(checkUzPhone(text)).toEqual({ ok: true, value: '+998905551234' });
    }
  });
  it('refuses national digits of a wrong length or operator code, and nine digits after a +', () => {
    for (const text of ['90 555 12 3', '90 555 12 345', '12 345 67 89', '+90 555 12 34']) {
      expect(checkUzPhone(text)).toEqual({ ok: false, error: 'phoneFormat' });
    }
  });
  it('rejects other countries, lengths and unknown operator codes', () => {
    for (const text of ['+7 901 234 56 78', '+99890123456', '+998 12 345 67 89', '+998-90-123-45-67x']) {
      expect(checkUzPhone(text)).toEqual({ ok: false, error: 'phoneFormat' });
    }
  });
  it('formats a normalized number for display', () => {
    expect(formatUzPhone('+998771234567')).toBe('+998 77 123 45 67');
  });
});

describe('message keys', () => {
  it('uses the spec message for the date format and the API block for the rest', () => {
    expect(validationMessageKey('dateFormat')).toBe('validation.dateFormat');
    expect(validationMessageKey('pinflChecksum')).toBe('validation.pinflChecksum');
  });
});
