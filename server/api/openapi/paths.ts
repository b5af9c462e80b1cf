/**
 * The operations table of the OpenAPI document (`OPERATIONS`): the public reads (shared/reads.ts),
 * then every other operation (shared/writes/), in the document's order; with the sandbox pages and
 * the document itself, registered for document.ts.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { LANGUAGES } from '../../../shared/languages';
import { READ_NAMES } from '../../../shared/reads';
import { WRITE_NAMES } from '../../../shared/writes';
import { JSON_TYPE, readOperation, route, writeOperation, type Operation } from './operation';

/** Every JSON endpoint of the API with the schemas of its request and answers (shared/contract), from their declarations. */
export const OPERATIONS: Operation[] = [...READ_NAMES.map(readOperation), ...WRITE_NAMES.map(writeOperation)];

/** The sandbox payment pages: HTML, not JSON, outside the JSON conventions. */
function registerSandbox(registry: OpenAPIRegistry): void {
  const paymentId = z.strictObject({ paymentId: z.string() });
  const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
  registry.registerPath({
    method: 'get',
    path: '/sandbox/payments/{paymentId}',
    operationId: 'sandboxPaymentPage',
    summary: 'Sandbox payment page (HTML, no script, own CSP)',
    tags: ['sandbox'],
    security: [],
    request: { params: paymentId, query: z.strictObject({ lang: z.enum(LANGUAGES).optional() }) },
    responses: { 200: html('HTML page'), 404: html('HTML page: unknown payment') },
  });
  for (const decision of ['approve', 'decline'] as const) {
    registry.registerPath({
      method: 'post',
      path: `/sandbox/payments/{paymentId}/${decision}`,
      operationId: `sandbox${decision === 'approve' ? 'Approve' : 'Decline'}`,
      summary: `${decision === 'approve' ? 'Approve' : 'Decline'} the sandbox payment (form post)`,
      tags: ['sandbox'],
      security: [],
      request: {
        params: paymentId,
        body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: z.strictObject({}) } } },
      },
      responses: {
        303: { description: 'Back to the returnPath given at payment start, with ?order=&payment=approved|declined|refunded' },
        404: html('HTML page: unknown payment'),
      },
    });
  }
}

export function registerOperations(registry: OpenAPIRegistry): void {
  for (const op of OPERATIONS) registry.registerPath(route(op));
  registerSandbox(registry);
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    tags: ['meta'],
    security: [],
    responses: { 200: { description: 'OpenAPI 3.1 document', content: { [JSON_TYPE]: { schema: z.record(z.string(), z.unknown()) } } } },
  });
}
