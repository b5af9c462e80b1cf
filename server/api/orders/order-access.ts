import type { Request } from 'express';
import type { ApiContext } from '../context';
import { forbidden, notFound, unauthorized } from '../http/api-error';
import { optionalToken, requireToken } from '../http/request-tokens';
import type { OrderRow, OrderService } from './order-service';

/**
 * An order is reached with its own token (access_token) or with the auth token of the phone that
 * placed it; a token for another order or phone grants nothing here.
 */
export async function authorizedOrder(ctx: ApiContext, req: Request, orders: OrderService, id: string): Promise<OrderRow> {
  const orderToken = await optionalToken(ctx, req, 'order');
  const authToken = await optionalToken(ctx, req, 'auth');
  if (!orderToken && !authToken) await requireToken(ctx, req, 'order', unauthorized('auth_required'));
  const row = orders.find(id);
  if (!row) throw notFound('order_not_found');
  if (orderToken?.sub === row.id || authToken?.sub === row.phone) return row;
  throw forbidden('order_forbidden');
}
