import { ErrorCode, FORM_CHECK_CODES } from '../../../shared/contract/errors';
import { SOURCE_LANGUAGES } from '../../../shared/languages';
import { camelCase } from '../http/api-error';
import { translate } from '../http/language';
import { API_MESSAGES } from './index';

const FORM_CHECKS = new Set<string>(FORM_CHECK_CODES);

describe('the error codes of the contract', () => {
  it.each(SOURCE_LANGUAGES)('each have a message in %s, and every error message is of a code of the contract', (lang) => {
    const errors = (API_MESSAGES[lang] as { errors: Record<string, string> }).errors;
    const withMessage = ErrorCode.options.filter((code) => !FORM_CHECKS.has(code));
    expect(withMessage.filter((code) => !errors[camelCase(code)])).toEqual([]);
    const codes = new Set(withMessage.map(camelCase));
    expect(Object.keys(errors).filter((key) => !codes.has(key))).toEqual([]);
  });
});

describe('a number in a message', () => {
  it.each([
    ['en', '10,000'],
    ['ru', '10\u00a0000'],
    ['uz', '10\u00a0000'],
    ['uz-cyrl', '10\u00a0000'],
  ] as const)('is written as %s writes it (%s), not as bare digits', (lang, written) => {
    const message = translate(lang, 'errors.pageTooDeep', { max: 10_000 });
    expect(message).toContain(written);
    expect(message).not.toContain('10000');
  });
});
