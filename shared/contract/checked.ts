import { z } from 'zod';
import type { Checked } from '../validation';

/**
 * A shared/validation.ts check as a step of a schema: its value replaces the input, its error
 * code travels in the issue's params, so the API answers with that code and the form's own message.
 */
export function checked<T>(schema: z.ZodString, check: (value: string) => Checked<T>) {
  return schema.transform((value, ctx) => {
    const result = check(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.error, params: { validation: result.error } });
    return z.NEVER;
  });
}
