import type { CategoryId, NumberStatus, PhoneNumber } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';

export interface NumberRow {
  id: number;
  msisdn: string;
  subscriber: string;
  category: CategoryId;
  price: number;
  status: 'free' | 'auction' | 'sold';
  hold_kind: 'reservation' | 'order' | null;
  hold_ref: string | null;
  held_until: number | null;
  lot_id?: string | null;
}

/** A hold lapses by the clock alone: nothing needs to run for an expired booking to free its number. */
export function isHeld(row: Pick<NumberRow, 'held_until'>, now: number): boolean {
  return row.held_until !== null && row.held_until > now;
}

/** What a number's public view is made of. */
type ShownRow = Pick<NumberRow, 'msisdn' | 'category' | 'price' | 'status' | 'held_until' | 'lot_id'>;

export function numberStatus(row: ShownRow, now: number): NumberStatus {
  if (row.status === 'sold') return 'sold';
  if (row.status === 'auction') return 'auction';
  return isHeld(row, now) ? 'reserved' : 'free';
}

export function toPhoneNumber(row: ShownRow, now: number): PhoneNumber {
  const status = numberStatus(row, now);
  return {
    number: row.msisdn,
    formatted: formatUzPhone(row.msisdn),
    category: row.category,
    price: row.price,
    status,
    available: status === 'free',
    auctionId: row.status === 'auction' ? (row.lot_id ?? null) : null,
  };
}

/** SQL fragments kept in one place so every claim of a number uses the same condition. */
export const HOLD_IS_FREE = '(held_until IS NULL OR held_until <= @now)';
export const RELEASE_HOLD = 'UPDATE numbers SET hold_kind = NULL, hold_ref = NULL, held_until = NULL WHERE id = ? AND hold_ref = ?';
