/**
 * Migration 21: an order its phone cancelled while it awaited payment (POST /orders/{id}/cancel,
 * orders/order-cancel.ts). The order keeps the status of a lapsed one, `expired`, with its payment
 * deadline moved to the moment it was cancelled, so everything that reads a lapsed order (the
 * rebook wait, the premium-order check, payments refused) reads it alike; `cancelled_at` records
 * that its owner ended it.
 */
export const ORDER_CANCEL_MIGRATION = {
  version: 21,
  name: 'an order awaiting payment may be cancelled by its owner: when it was',
  sql: `
    ALTER TABLE orders ADD COLUMN cancelled_at INTEGER;
  `,
};
