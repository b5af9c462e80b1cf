import type { RejectionReason } from '../../../shared/api-types';

const REASONS: Record<RejectionReason, string> = {
  birth_date_mismatch: 'birthDateMismatch',
  selfie_mirrored: 'selfieMirrored',
  document_expired: 'documentExpired',
  face_mismatch: 'faceMismatch',
};

/**
 * What to fix for a rejection reason: the same texts the API's `hint` comes from
 * (identification.rejections.*), so the server can render it from the query alone. Unknown: null.
 */
export function rejectionHintKey(reason: string | null): string | null {
  return reason !== null && Object.hasOwn(REASONS, reason) ? `identification.rejections.${REASONS[reason as RejectionReason]}` : null;
}
