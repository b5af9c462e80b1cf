import { z } from 'zod';
import { checkIdentityDocument } from '../validation';
import { DateTime, Int, IsoDate, Msisdn, text } from './common';
import { checked } from './checked';
import { PointOfSale } from './points-of-sale';

export const IdentificationStatus = z.enum(['verified', 'rejected', 'pending', 'appointment']);
export const RejectionReason = z.enum(['birth_date_mismatch', 'selfie_mirrored', 'document_expired', 'face_mismatch']);

/** The date of birth is checked by the route: "not in the future" needs the server's clock. */
export const RemoteIdentificationBody = z.strictObject({
  /** Passport series and number (AA1234567) or 14-digit PINFL. */
  document: checked(text(40), checkIdentityDocument),
  /** dd.mm.yyyy */
  birthDate: text(20).meta({ description: 'dd.mm.yyyy', examples: ['20.07.1988'] }),
});

export const ManualIdentificationBody = z.strictObject({
  pointOfSaleId: text(60),
  /** yyyy-mm-dd, today or later; defaults to the next working day. */
  date: z
    .string()
    .max(10)
    .optional()
    .meta({ description: 'yyyy-mm-dd, today or within 30 days, a day the point is open; default the next working day', format: 'date' }),
});

export const Identification = z
  .strictObject({
    id: z.string(),
    method: z.enum(['remote', 'manual']),
    status: IdentificationStatus,
    phone: Msisdn,
    documentType: z.enum(['passport', 'pinfl']).nullable(),
    /** e.g. AA*****67 */
    document: z.string().nullable(),
    reason: RejectionReason.nullable(),
    /** What to fix, in the request's language (rejected only). */
    hint: z.string().nullable(),
    /** pending: when to ask again. */
    retryAfterSeconds: Int.nullable(),
    appointment: z.strictObject({ pointOfSale: PointOfSale, date: IsoDate, code: z.string() }).nullable(),
    createdAt: DateTime,
  })
  .meta({ id: 'Identification' });
