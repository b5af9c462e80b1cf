import { z } from 'zod';

/** The codes of the form checks of shared/validation.ts (its ValidationCode in snake case): each answers with the form's own message. */
export const FORM_CHECK_CODES = [
  'required',
  'date_format',
  'date_in_future',
  'date_too_old',
  'passport_format',
  'pinfl_format',
  'pinfl_checksum',
  'pinfl_birth_date',
  'pinfl_birth_date_mismatch',
  'identity_format',
  'email_format',
  'phone_format',
] as const;

/**
 * Every code the API's errors carry, one list for the API (its ApiError takes only these), the
 * OpenAPI document (the Error schema's enum) and the site (a comparison with a code not listed
 * does not compile). Each has its message in every language: `errors.<camelCase>` in
 * server/api/messages/, or for the form checks of shared/validation.ts, their own message.
 */
export const ErrorCode = z.enum([
  'not_found',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'bad_request',
  'method_not_allowed',
  'duplicate_key',
  'unsupported_content_encoding',
  'content_encoding_invalid',
  'invalid_body',
  'unknown_field',
  'missing_field',
  'invalid_field',
  'internal_error',
  'news_not_found',
  'tariff_not_found',
  'not_a_step',
  'invalid_mask',
  'invalid_date',
  'page_too_deep',
  'number_not_found',
  'number_unavailable',
  'number_on_auction',
  'number_required',
  'reservation_not_found',
  'reservation_expired',
  'reservation_has_order',
  'auth_required',
  'token_invalid',
  'token_expired',
  'registration_required',
  'order_forbidden',
  'order_not_found',
  'order_expired',
  'order_already_paid',
  'lot_not_found',
  'auction_not_started',
  'auction_ended',
  'auction_not_ended',
  'bid_too_low',
  'max_bid_too_low',
  'max_bid_below_price',
  'max_bid_reaches_buy_now',
  'max_bid_spent',
  'max_bid_not_found',
  'not_auction_winner',
  'bid_already_leading',
  'max_bid_contested',
  'auction_turn_lapsed',
  'auction_banned',
  'bid_reaches_buy_now',
  'bid_too_far_above',
  'buy_now_unavailable',
  'deposit_required',
  'deposit_not_required',
  'deposit_already_paid',
  'sms_rate_limited',
  'sms_code_invalid',
  'sms_code_expired',
  'sms_code_not_requested',
  'sms_attempts_exceeded',
  'sms_challenge_required',
  'sms_challenge_invalid',
  'sms_challenge_expired',
  'sms_challenge_used',
  'sms_challenge_phone_mismatch',
  'sms_challenge_too_easy',
  'telegram_not_configured',
  'telegram_data_incomplete',
  'telegram_signature_invalid',
  'telegram_data_expired',
  'telegram_data_in_future',
  'telegram_user_mismatch',
  'telegram_phone_not_uzbek',
  'telegram_contact_used',
  'telegram_data_key_repeated',
  'too_many_telegram_phones',
  'too_many_searches',
  'search_busy',
  'identification_not_found',
  'point_not_found',
  'point_without_identification',
  'point_closed',
  'too_many_reservations',
  'too_many_holds',
  'too_many_network_sms',
  'sms_busy',
  'too_many_orders',
  'too_many_bids',
  'too_many_streams',
  'too_many_identification_attempts',
  'too_many_network_streams',
  'payment_already_pending',
  'too_many_payments',
  'phone_required',
  'too_many_network_reservations',
  'too_many_network_holds',
  'premium_category_held',
  'too_many_premium_holds',
  'too_many_phone_bookings',
  'rebook_too_soon',
  'too_many_phone_reservations',
  'too_many_refused_requests',
  'premium_order_unpaid',
  'streams_busy',
  'payment_not_found',
  'watch_empty',
  'watch_one_search',
  'too_many_watches',
  'too_many_watch_requests',
  'watch_not_found',
  ...FORM_CHECK_CODES,
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error: `{ error: { code, message, field? } }`; message is in the request's language. */
export const ApiErrorBody = z
  .strictObject({
    error: z.strictObject({
      code: ErrorCode,
      message: z.string(),
      /** The input field at fault (a body or query field, or a token header). */
      field: z
        .string()
        .optional()
        .meta({ description: 'The input field at fault: a body or query field (dotted path inside objects), or a token header.' }),
      /** 429: seconds until a new attempt is allowed (also in the Retry-After header). */
      retryAfterSeconds: z.int().optional().meta({ description: '429: seconds until a new attempt is allowed (also in Retry-After).' }),
      /** bid_too_low: the smallest bid accepted now. */
      minimumAmount: z.int().optional().meta({ description: 'bid_too_low: the smallest bid accepted now.' }),
      /** bid_too_far_above: the largest plain bid accepted now (more is set as a maximum). */
      maximumAmount: z.int().optional().meta({ description: 'bid_too_far_above: the largest plain bid accepted now.' }),
      /** auction_banned: until when the phone may not bid or buy now. */
      bannedUntil: z.iso.datetime().optional().meta({ description: 'auction_banned: until when the phone may not bid or buy now.' }),
      /** deposit_required: the deposit to pay before a bid on this lot. */
      depositAmount: z.int().optional().meta({ description: 'deposit_required: the deposit to pay before a bid on this lot.' }),
      /** premium_order_unpaid when booking: the id of the phone's own unpaid premium order, to pay it. */
      orderId: z.string().optional().meta({ description: "premium_order_unpaid when booking: the phone's own unpaid premium order." }),
      /** premium_order_unpaid when booking: the number that order holds. */
      number: z.string().optional().meta({ description: 'premium_order_unpaid when booking: the number that order holds.' }),
    }),
  })
  .meta({ id: 'Error' });
