import crypto from 'node:crypto';
import type { Identification, IdentificationStatus, RejectionReason } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { isoDate, pinflBirthDate, type CalendarDate, type IdentityDocument } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { camelCase } from '../http/api-error';
import { translate } from '../http/language';
import { createPointCatalogue, toPointOfSale } from '../points-of-sale/point-catalogue';

/** A pending state check answers after this long (the demo's stand-in for the face check queue). */
export const PENDING_CHECK_MS = 2 * 60 * 1000;

interface IdentificationRow {
  id: string;
  phone: string;
  method: 'remote' | 'manual';
  document_type: 'passport' | 'pinfl' | null;
  document_masked: string | null;
  status: IdentificationStatus;
  reason: RejectionReason | null;
  point_of_sale_id: string | null;
  appointment_at: number | null;
  created_at: number;
  resolves_at: number | null;
  person_key: string | null;
}

interface RegistryRow {
  document: string;
  birth_date: string;
  outcome: 'verified' | 'rejected' | 'pending';
  /** The registry's own reason; it may also say it does not know the document at all. */
  reason: RejectionReason | 'document_not_found' | null;
}

/**
 * The one refusal of a document and a date of birth that do not go together, whether the document
 * exists or not: a distinct "not found" would tell anyone which passports exist.
 */
const MISMATCH = { status: 'rejected', reason: 'birth_date_mismatch' } as const;

function mask(document: string): string {
  return document.slice(0, 2) + '*'.repeat(document.length - 4) + document.slice(-2);
}

function typed(date: CalendarDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.day)}.${pad(date.month)}.${date.year}`;
}

export function createIdentificationService(ctx: ApiContext) {
  const registry = ctx.db.prepare('SELECT * FROM identity_registry WHERE document = ?');
  const insert = ctx.db.prepare(
    `INSERT INTO identifications (id, phone, method, document_type, document_masked, status, reason, point_of_sale_id, appointment_at, created_at, resolves_at, person_key)
     VALUES (@id, @phone, @method, @document_type, @document_masked, @status, @reason, @point_of_sale_id, @appointment_at, @created_at, @resolves_at, @person_key)`,
  );
  const latest = ctx.db.prepare('SELECT * FROM identifications WHERE phone = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
  const resolve = ctx.db.prepare("UPDATE identifications SET status = 'verified' WHERE id = ? AND status = 'pending'");
  const points = createPointCatalogue(ctx.db);

  /** The person behind a document, the same whichever phone or address they use: a keyed hash, never the number. */
  function personKey(document: IdentityDocument): string {
    return crypto.createHmac('sha256', ctx.personSecret).update(`${document.type}:${document.value.toUpperCase()}`).digest('hex');
  }

  /** The state check: the registry's answer, or a pass for a well-formed document it does not list. */
  function check(document: IdentityDocument, birthDate: CalendarDate): { status: IdentificationStatus; reason: RejectionReason | null } {
    if (document.type === 'pinfl') {
      const embedded = pinflBirthDate(document.value);
      if (!embedded || isoDate(embedded) !== isoDate(birthDate)) return MISMATCH;
    }
    const entry = registry.get(document.value) as RegistryRow | undefined;
    if (!entry) return { status: 'verified', reason: null };
    if (entry.birth_date !== typed(birthDate) || entry.reason === 'document_not_found') return MISMATCH;
    return { status: entry.outcome, reason: entry.reason };
  }

  function view(row: IdentificationRow, lang: Language): Identification {
    const now = ctx.now();
    const point = row.point_of_sale_id ? points.find(row.point_of_sale_id) : undefined;
    return {
      id: row.id,
      method: row.method,
      status: row.status,
      phone: row.phone,
      documentType: row.document_type,
      document: row.document_masked,
      reason: row.reason,
      hint: row.reason ? translate(lang, `identification.${camelCase(row.reason)}`) : null,
      retryAfterSeconds: row.status === 'pending' && row.resolves_at ? Math.max(1, Math.ceil((row.resolves_at - now) / 1000)) : null,
      appointment:
        point && row.appointment_at !== null
          ? {
              pointOfSale: toPointOfSale(point, lang),
              date: new Date(row.appointment_at).toISOString().slice(0, 10),
              code: row.id.slice(0, 6).toUpperCase(),
            }
          : null,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** A remote identification; `checked` false (the document's day of refusals is spent): refused unchecked. */
  function remote(phone: string, document: IdentityDocument, birthDate: CalendarDate, checked = true): IdentificationRow {
    const now = ctx.now();
    const outcome = checked ? check(document, birthDate) : MISMATCH;
    const row: IdentificationRow = {
      id: crypto.randomUUID(),
      phone,
      method: 'remote',
      document_type: document.type,
      document_masked: mask(document.value),
      status: outcome.status,
      reason: outcome.reason,
      point_of_sale_id: null,
      appointment_at: null,
      created_at: now,
      resolves_at: outcome.status === 'pending' ? now + PENDING_CHECK_MS : null,
      person_key: personKey(document),
    };
    insert.run(row);
    return row;
  }

  function manual(phone: string, pointId: string, appointmentAt: number): IdentificationRow {
    const row: IdentificationRow = {
      id: crypto.randomUUID(),
      phone,
      method: 'manual',
      document_type: null,
      document_masked: null,
      status: 'appointment',
      reason: null,
      point_of_sale_id: pointId,
      appointment_at: appointmentAt,
      created_at: ctx.now(),
      resolves_at: null,
      // No document yet: the passport is shown at the point of sale, so the phone stands for the person.
      person_key: null,
    };
    insert.run(row);
    return row;
  }

  /** The phone's latest identification; a pending check resolves lazily once its time has come. */
  function current(phone: string): IdentificationRow | undefined {
    const row = latest.get(phone) as IdentificationRow | undefined;
    if (row && row.status === 'pending' && row.resolves_at !== null && row.resolves_at <= ctx.now()) {
      resolve.run(row.id);
      return { ...row, status: 'verified' };
    }
    return row;
  }

  /** Verified online, or booked to show the passport at a point of sale: either lets the order go ahead. */
  function isRegistered(phone: string): boolean {
    const row = current(phone);
    return row?.status === 'verified' || row?.status === 'appointment';
  }

  /** Who a registered phone belongs to, for limits per person: its verified document, else the phone itself. */
  function personOf(phone: string): string {
    return current(phone)?.person_key ?? `phone:${phone}`;
  }

  return { remote, manual, current, isRegistered, personOf, personKey, view };
}

export type IdentificationService = ReturnType<typeof createIdentificationService>;
