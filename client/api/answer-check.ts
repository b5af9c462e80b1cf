import type { z } from 'zod';
import * as C from '../../shared/contract';
import { WRITES, type SentWriteName, type WriteDeclaration } from '../../shared/writes';

/**
 * A write's answer against the schema its declaration names (shared/writes/): in development and
 * tests only, where client/api/writer.ts loads this module (behind `process.env.NODE_ENV`, which the
 * production build sets, so it and zod stay out of that bundle). An answer that is not what the
 * contract says fails here, naming the write and the first field at fault, instead of deep in a page.
 */
export function checkAnswer(name: SentWriteName, data: unknown): void {
  const declaration: WriteDeclaration = WRITES[name];
  if (declaration.answer === undefined) return;
  const schema: z.ZodType = C[declaration.answer];
  const result = schema.safeParse(data);
  if (result.success) return;
  const [issue] = result.error.issues;
  throw new Error(`${name}: the API's answer is not a ${declaration.answer}: ${issue.path.join('.') || '(the answer)'}: ${issue.message}`);
}
