import { pinflCheckDigit } from '../../../shared/validation';
import type { Db } from '../store/database';

/**
 * The demo's stand-in for state records. Documents not listed here pass when they are well
 * formed (and a PINFL agrees with the typed date of birth); these ones show the other outcomes.
 * docs/api.md lists them for whoever demonstrates the retry page.
 */
export interface RegistryEntry {
  document: string;
  birthDate: string; // dd.mm.yyyy, as typed on the form
  outcome: 'verified' | 'rejected' | 'pending';
  reason: string | null;
}

function pinfl(first13: string): string {
  return first13 + String(pinflCheckDigit(first13));
}

export const IDENTITY_REGISTRY: RegistryEntry[] = [
  { document: 'AA1234567', birthDate: '15.03.1990', outcome: 'verified', reason: null },
  { document: pinfl('3120596260012'), birthDate: '12.05.1996', outcome: 'verified', reason: null },
  { document: pinfl('6010105260034'), birthDate: '01.01.2005', outcome: 'verified', reason: null },
  { document: 'AB7654321', birthDate: '20.07.1988', outcome: 'rejected', reason: 'selfie_mirrored' },
  { document: 'AC1111111', birthDate: '05.11.1979', outcome: 'rejected', reason: 'document_expired' },
  { document: 'AD0000000', birthDate: '01.01.1990', outcome: 'rejected', reason: 'document_not_found' },
  { document: pinfl('4150788260045'), birthDate: '15.07.1988', outcome: 'rejected', reason: 'face_mismatch' },
  { document: 'AE5555555', birthDate: '10.10.1992', outcome: 'pending', reason: null },
];

export function seedIdentities(db: Db): void {
  const insert = db.prepare('INSERT INTO identity_registry (document, birth_date, outcome, reason) VALUES (?, ?, ?, ?)');
  for (const e of IDENTITY_REGISTRY) insert.run(e.document, e.birthDate, e.outcome, e.reason);
}
