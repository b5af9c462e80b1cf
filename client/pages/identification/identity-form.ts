import { checkBirthDate, checkIdentity, validationMessageKey, type ValidationCode } from '../../../shared/validation';

/** What the visitor filled in on the identification form. */
export interface RemoteInput {
  document: string;
  birthDate: string;
  contractAccepted: boolean;
}
export interface ManualInput {
  pointOfSaleId: string;
  contractAccepted: boolean;
}

/** Locale keys of the messages: per field, and for the whole form (spec section 5). */
export interface FormCheck<Field extends string> {
  fields: Partial<Record<Field, string>>;
  form: string | null;
}

export const FORM_INCOMPLETE_KEY = 'validation.formIncomplete';
const REQUIRED_KEY = validationMessageKey('required');

/**
 * The remote form: a missing field or an unconfirmed contract is "Fill out the form in full and
 * confirm the contract." for the form (and "required" at each empty field); a date that is not
 * dd.mm.yyyy is the spec's date format message at the date; other rules come from
 * shared/validation, the same the API applies.
 */
export function checkRemoteForm(input: RemoteInput, nowMs: number = Date.now()): FormCheck<'document' | 'birthDate' | 'contract'> {
  const fields: FormCheck<'document' | 'birthDate' | 'contract'>['fields'] = {};
  const document = input.document.trim();
  const birthDate = input.birthDate.trim();
  if (!document) fields.document = REQUIRED_KEY;
  if (!birthDate) fields.birthDate = REQUIRED_KEY;
  else {
    const date = checkBirthDate(birthDate, nowMs);
    if (!date.ok) fields.birthDate = validationMessageKey(date.error);
  }
  if (document && birthDate) {
    const identity = checkIdentity({ document, birthDate }, nowMs);
    if (!identity.ok) {
      for (const [field, code] of Object.entries(identity.errors) as Array<['document' | 'birthDate', ValidationCode]>) {
        fields[field] ??= validationMessageKey(code);
      }
    }
  } else if (document) {
    const identity = checkIdentity({ document, birthDate: '01.01.2000' }, nowMs);
    if (!identity.ok && identity.errors.document) fields.document = validationMessageKey(identity.errors.document);
  }
  const incomplete = !document || !birthDate || !input.contractAccepted;
  if (!input.contractAccepted) fields.contract = FORM_INCOMPLETE_KEY;
  return { fields, form: incomplete ? FORM_INCOMPLETE_KEY : null };
}

/** The visit to a point of sale: a point and the contract, or the same incomplete-form message. */
export function checkManualForm(input: ManualInput): FormCheck<'point' | 'contract'> {
  const fields: FormCheck<'point' | 'contract'>['fields'] = {};
  if (!input.pointOfSaleId) fields.point = REQUIRED_KEY;
  if (!input.contractAccepted) fields.contract = FORM_INCOMPLETE_KEY;
  return { fields, form: Object.keys(fields).length > 0 ? FORM_INCOMPLETE_KEY : null };
}

export function isValid<F extends string>(check: FormCheck<F>): boolean {
  return check.form === null && Object.keys(check.fields).length === 0;
}
