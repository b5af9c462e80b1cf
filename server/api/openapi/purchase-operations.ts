/** The operations of the purchase after the booking: the SMS code, identification, the order and its payment. */
import * as C from '../../../shared/contract';
import { id, type Operation } from './operation';

/** What confirms a phone: an SMS code, or inside Telegram the contact Telegram signed. */
export const SMS_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/auth/sms/challenge',
    operationId: 'getSmsChallenge',
    summary:
      'A proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256) for a code request to the phone: signed, valid 5 minutes, good for one code, harder as the SMS budgets fill (docs/api.md, SMS challenges)',
    tag: 'auth',
    query: C.SmsChallengeQuery,
    ok: [200, C.SmsChallenge],
    errors: [400],
  },
  {
    method: 'post',
    path: '/auth/sms',
    operationId: 'sendSmsCode',
    summary:
      'Send an SMS code, with the solved challenge of GET /auth/sms/challenge for this phone in `altcha` (1 per 60 s, 5 per hour per number; codes to at most LIMIT_SMS_PHONES_PER_HOUR phones per client; at most LIMIT_SMS_PER_NETWORK_PER_HOUR codes per network and LIMIT_SMS_TOTAL_PER_HOUR SMS in all per hour, its reserve for networks with few codes: 429 too_many_network_sms, sms_busy)',
    tag: 'auth',
    body: C.SmsCodeBody,
    ok: [201, C.SmsCodeResponse],
    errors: [400, 429],
    errorText: {
      400: 'Bad input, `field` names it; without a valid solved challenge (`field` altcha, checked before any limit counts the request): sms_challenge_required, sms_challenge_invalid, sms_challenge_expired, sms_challenge_used, sms_challenge_phone_mismatch, sms_challenge_too_easy (the budgets filled since it was issued: solve a new one)',
    },
  },
  {
    method: 'post',
    path: '/auth/sms/verify',
    operationId: 'verifySmsCode',
    summary: 'Verify the code: auth_token and auth_token_number',
    tag: 'auth',
    body: C.SmsVerifyBody,
    ok: [200, C.SmsVerifyResponse],
    errors: [400],
  },
  {
    method: 'post',
    path: '/auth/telegram',
    operationId: 'confirmPhoneByTelegram',
    summary:
      "Inside Telegram's Mini App: the contact the visitor shared, with the Mini App's initData, both signed by the bot's token, confirm the phone instead of an SMS code; the same answer as /auth/sms/verify. A signed contact confirms once; a client confirms at most LIMIT_SMS_PHONES_PER_HOUR phones an hour this way, a network LIMIT_SMS_PER_NETWORK_PER_HOUR",
    tag: 'auth',
    body: C.TelegramPhoneBody,
    ok: [200, C.SmsVerifyResponse],
    errors: [400, 401, 404, 409, 429],
    errorText: {
      400: 'Bad input, `field` names it: missing_field, unknown_field, telegram_data_incomplete, telegram_data_key_repeated, telegram_phone_not_uzbek',
      401: 'Refused signed data, `field` names it: telegram_signature_invalid, telegram_data_expired, telegram_data_in_future, telegram_user_mismatch',
      404: 'telegram_not_configured: no TELEGRAM_BOT_TOKEN, confirm the phone by SMS',
      409: 'telegram_contact_used: this signed contact has already confirmed the phone',
      429: 'too_many_telegram_phones: this client or its network confirmed as many phones through Telegram this hour as SMS codes may reach',
    },
  },
];

/** Remote identification or an appointment at a point of sale. */
export const IDENTIFICATION_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/identification/remote',
    operationId: 'identifyRemotely',
    summary: 'Remote identification: passport or PINFL and date of birth',
    tag: 'identification',
    body: C.RemoteIdentificationBody,
    security: 'auth',
    ok: [201, C.Identification],
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/identification/manual',
    operationId: 'bookIdentification',
    summary: 'Manual identification: an appointment at a point of sale',
    tag: 'identification',
    body: C.ManualIdentificationBody,
    security: 'auth',
    ok: [201, C.Identification],
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/identification/current',
    operationId: 'getIdentification',
    summary: 'Latest identification of the phone',
    tag: 'identification',
    security: 'auth',
    ok: [200, C.Identification],
    errors: [400, 401, 404],
  },
];

/** Orders, their payment and activation status. */
export const ORDER_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/orders',
    operationId: 'createOrder',
    summary: 'Create an order from the reserved number',
    tag: 'orders',
    body: C.CreateOrderBody,
    security: 'reservationAndAuth',
    ok: [201, C.CreateOrderResponse],
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/orders/{id}',
    operationId: 'getOrder',
    summary: 'The order',
    tag: 'orders',
    params: id,
    security: 'orderOrAuth',
    ok: [200, C.Order],
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    path: '/orders/{id}/status',
    operationId: 'getOrderStatus',
    summary: '"I\'ve already paid": activated or not paid',
    tag: 'orders',
    params: id,
    security: 'orderOrAuth',
    ok: [200, C.OrderStatusResponse],
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/orders/{id}/payments',
    operationId: 'startPayment',
    summary: 'Start a payment: URL of the sandbox payment page',
    tag: 'orders',
    params: id,
    body: C.StartPaymentBody,
    security: 'orderOrAuth',
    ok: [201, C.StartPaymentResponse],
    errors: [400, 401, 403, 404, 409],
  },
];
