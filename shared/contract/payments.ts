import { z } from 'zod';
import { DateTime, Int } from './common';
import { PAYMENT_PROVIDERS } from './values';

export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);

export const StartPaymentBody = z.strictObject({
  provider: PaymentProvider,
  /** Where the sandbox page sends the visitor after the choice: a site path starting with one '/'. */
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?![/\\])/)
    .optional()
    .meta({ description: "A path of the site starting with one '/', where the sandbox page sends the visitor back (default /payment)." }),
});

export const StartPaymentResponse = z
  .strictObject({
    paymentId: z.string(),
    provider: PaymentProvider,
    amount: Int,
    /** The same amount in tiyin (1/100 UZS), as provider APIs count. */
    amountTiyin: Int,
    /** Root-relative URL of the sandbox payment page on the API's origin. */
    paymentUrl: z.string(),
    expiresAt: DateTime,
  })
  .meta({ id: 'StartPaymentResponse' });
