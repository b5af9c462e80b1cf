import { z } from 'zod';
import { sameOriginPath } from '../paths';
import { DateTime, Int } from './common';
import { PAYMENT_PROVIDERS } from './values';

export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);

/** Where the sandbox page sends the visitor when the payment was started without a returnPath. */
export const DEFAULT_RETURN_PATH = '/payment';

/**
 * Where the sandbox page may send the visitor back: a path on the site itself, checked after the
 * same normalisation every redirect gets (runs of slashes and backslashes collapsed), so
 * `/ru//evil.example` is stored as `/ru/evil.example` and `//evil.example` cannot be stored at all.
 */
export function siteReturnPath(path: string): string | null {
  // One that begins as another host would (`//x`, `/\\x`, `\\x`) is refused outright: nobody sends that in good faith.
  if (!/^\/(?![/\\])/.test(path)) return null;
  const normalised = sameOriginPath(path);
  return normalised !== null && normalised.length <= 300 ? normalised : null;
}

export const StartPaymentBody = z.strictObject({
  provider: PaymentProvider,
  /** Where the sandbox page sends the visitor after the choice: a site path starting with one '/', stored normalised. */
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?![/\\])/)
    .transform((path, ctx) => {
      const normalised = siteReturnPath(path);
      if (normalised === null) ctx.addIssue({ code: 'custom', message: 'not a path of the site', params: { code: 'invalid_field' } });
      return normalised ?? z.NEVER;
    })
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
