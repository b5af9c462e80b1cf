import { forbidden, notFound } from '../http/api-error';
import type { TokenClaims } from '../http/tokens';
import type { OrderRow, OrderService } from './order-service';

/**
 * An order is reached with its own token (access_token) or with the auth token of the phone that
 * placed it (the auth `orderOrAuth`, verified by server/api/write-auth.ts); a token for another
 * order or phone grants nothing here.
 */
export function authorizedOrder(
  orders: OrderService,
  tokens: { order: TokenClaims | null; auth: TokenClaims | null },
  id: string | undefined,
): OrderRow {
  const row = id === undefined ? undefined : orders.find(id);
  if (!row) throw notFound('order_not_found');
  if (tokens.order?.sub === row.id || tokens.auth?.sub === row.phone) return row;
  throw forbidden('order_forbidden');
}
