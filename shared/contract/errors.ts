import { z } from 'zod';

/** Every error: `{ error: { code, message, field? } }`; message is in the request's language. */
export const ApiErrorBody = z
  .strictObject({
    error: z.strictObject({
      code: z.string(),
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
    }),
  })
  .meta({ id: 'Error' });
