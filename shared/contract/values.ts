/**
 * The contract's plain values, spelled once: the ids of its lists and the bounds of its fields.
 * The zod schemas beside this file are built from them; the site's forms and the API's services
 * read them here. Without zod, so the browser takes them as values (it imports the schemas as
 * types only, and its build carries no zod: bench/first-load.test.ts).
 */

/** The SIM types an order may ask for (`SimTypeId`). */
export const SIM_TYPE_IDS = ['esim', 'physical'] as const;

/** How a SIM card reaches the visitor (`Delivery.method`). */
export const DELIVERY_METHODS = ['pickup', 'courier'] as const;

/** A courier's address: at most `max` characters as sent, at least `min` once trimmed. */
export const COURIER_ADDRESS = { min: 5, max: 300 } as const;

/** The longest e-mail address taken (the 254 characters of a path in RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The payment providers (`PaymentProvider`). */
export const PAYMENT_PROVIDERS = ['payme', 'click', 'uzum', 'card'] as const;

/** An SMS code: digits only, this many. */
export const SMS_CODE_LENGTH = { min: 4, max: 8 } as const;
/** The digits of the codes the operator sends: the form confirms a code by itself when this many are typed. */
export const SMS_CODE_SENT_LENGTH = 6;
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH.min},${SMS_CODE_LENGTH.max}}$`);

/** The numbers' categories, cheapest first (`CategoryId`). */
export const CATEGORY_IDS = ['free', 'bronze', 'silver', 'gold', 'platinum'] as const;

/** The patterns the number search finds (`NumberPattern`). */
export const NUMBER_PATTERNS = ['repeats', 'mirror', 'sequence'] as const;

/** The orders of the number search (`sort`). */
export const NUMBER_SORTS = ['price_asc', 'price_desc'] as const;

/** The forms of a date a number may hold, as a date search ranks them (`dateForm`). */
export const DATE_FORMS = ['DDMMYY', 'YYMMDD', 'DDMM', 'MMDD', 'YYYY'] as const;
