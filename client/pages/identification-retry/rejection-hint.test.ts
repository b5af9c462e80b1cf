import { rejectionHintKey } from './rejection-hint';

describe('the hint of a rejected identification', () => {
  it('names what to fix for every reason the API gives', () => {
    expect(rejectionHintKey('selfie_mirrored')).toBe('identification.rejections.selfieMirrored');
    expect(rejectionHintKey('birth_date_mismatch')).toBe('identification.rejections.birthDateMismatch');
    expect(rejectionHintKey('face_mismatch')).toBe('identification.rejections.faceMismatch');
  });

  it('has no hint of its own for a passport the registry does not know: the API says birth_date_mismatch for it', () => {
    expect(rejectionHintKey('document_not_found')).toBeNull();
  });

  it('has no hint for an unknown or missing reason', () => {
    expect(rejectionHintKey('toString')).toBeNull();
    expect(rejectionHintKey('x')).toBeNull();
    expect(rejectionHintKey(null)).toBeNull();
  });
});
