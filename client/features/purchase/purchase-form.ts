import type { CreateOrderRequest, Delivery, TariffChoice } from '../../../shared/api-types';
import { COURIER_ADDRESS, DELIVERY_METHODS, SIM_TYPE_IDS } from '../../../shared/contract/values';
import { TARIFF_QUERY_KEYS, tariffChoiceFromQuery, tariffChoiceToQuery } from '../../../shared/tariff-choice';

/**
 * THE purchase form's fields: what the visitor chooses on /numbers (the tariff, the SIM type and
 * what it needs) and the payment step sends as the order. Each field has the contract's own name
 * (shared/contract/orders.ts, `POST /orders`) and says how it is written into form data and read
 * back. The draft's type, the form's entries, the order and the summary all follow from here.
 * No zod: this runs in the browser, and the API checks the order anyway; the contract's ids and
 * bounds come from its zod-free values (shared/contract/values.ts).
 */
interface PurchaseField<T> {
  /** The form entries that carry a value: one, or a group (the tariff travels as it does in the URL). */
  write(name: string, value: T): Record<string, string>;
  /** The value back from posted entries; undefined when absent or not a value of the field. */
  read(posted: (name: string) => string | null, name: string): T | undefined;
}

function text(): PurchaseField<string> {
  return { write: (name, value) => ({ [name]: value }), read: (posted, name) => posted(name) ?? undefined };
}

function oneOf<T extends string>(values: readonly T[]): PurchaseField<T> {
  return { write: (name, value) => ({ [name]: value }), read: (posted, name) => values.find((value) => value === posted(name)) };
}

/** `?tariff=…` and the constructor's entries, as shared/tariff-choice carries a tariff in the URL. */
const tariffChoice: PurchaseField<TariffChoice> = {
  write: (_name, value) => tariffChoiceToQuery(value),
  read: (posted) => {
    const query = new URLSearchParams();
    for (const key of TARIFF_QUERY_KEYS) {
      const value = posted(key);
      if (value !== null) query.set(key, value);
    }
    return tariffChoiceFromQuery(query) ?? undefined;
  },
};

/** The fields, by their names in the contract (`delivery.method` is `deliveryMethod`: the form is flat). */
export const PURCHASE_FIELDS = {
  tariff: tariffChoice,
  simType: oneOf(SIM_TYPE_IDS),
  /** An eSIM's QR code goes there. */
  email: text(),
  /** A SIM card's way to the visitor, with the point or the address it needs. */
  deliveryMethod: oneOf(DELIVERY_METHODS),
  pointOfSaleId: text(),
  address: text(),
};

type ValueOf<F> = F extends PurchaseField<infer T> ? T : never;
/** Each field's value when given. */
export type PurchaseValues = { [K in keyof typeof PURCHASE_FIELDS]: ValueOf<(typeof PURCHASE_FIELDS)[K]> };
/** The purchase form as the visitor has filled it so far. */
export type PurchaseFields = Partial<PurchaseValues>;
type FieldName = keyof PurchaseValues;

// The same table, typed per name, so the functions below take each field's own value type.
const FIELDS: { [K in FieldName]: PurchaseField<PurchaseValues[K]> } = PURCHASE_FIELDS;
const isFieldName = (name: string): name is FieldName => name in FIELDS;
const FIELD_NAMES = Object.keys(FIELDS).filter(isFieldName);

function entriesOf<K extends FieldName>(name: K, value: PurchaseValues[K] | undefined): Record<string, string> {
  return value === undefined ? {} : FIELDS[name].write(name, value);
}

function readInto<K extends FieldName>(fields: PurchaseFields, name: K, posted: (name: string) => string | null): void {
  const value = FIELDS[name].read(posted, name);
  if (value !== undefined) fields[name] = value;
}

/** What the form posts: its entries, by the fields' names. */
export function purchaseEntries(fields: PurchaseFields): Record<string, string> {
  return Object.assign({}, ...FIELD_NAMES.map((name) => entriesOf(name, fields[name])));
}

/** The fields back from a posted form (what `purchaseEntries` wrote). */
export function purchaseFieldsOf(form: FormData): PurchaseFields {
  const posted = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  const fields: PurchaseFields = {};
  for (const name of FIELD_NAMES) readInto(fields, name, posted);
  return fields;
}

/** The delivery a SIM card needs, as the contract wants it; null while incomplete. */
export function deliveryOf(fields: PurchaseFields): Delivery | null {
  if (fields.deliveryMethod === 'pickup' && fields.pointOfSaleId) return { method: 'pickup', pointOfSaleId: fields.pointOfSaleId };
  const address = (fields.address ?? '').trim();
  if (fields.deliveryMethod === 'courier' && address.length >= COURIER_ADDRESS.min) return { method: 'courier', address };
  return null;
}

/** The body of `POST /orders`, with the tariff as the form read it (its add-ons said, not defaulted). */
export type PurchaseOrder = CreateOrderRequest & Pick<PurchaseValues, 'tariff'>;

/**
 * The order the form asks for (`POST /orders`), by the contract's rule: an eSIM needs an e-mail
 * and no delivery, a SIM card a delivery and no e-mail. Null while something it needs is missing.
 */
export function orderOf(fields: PurchaseFields): PurchaseOrder | null {
  const { tariff, simType } = fields;
  if (!tariff || !simType) return null;
  if (simType === 'esim') {
    const email = (fields.email ?? '').trim();
    return email ? { tariff, simType, email } : null;
  }
  const delivery = deliveryOf(fields);
  return delivery ? { tariff, simType, delivery } : null;
}
