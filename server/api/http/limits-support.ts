import type request from 'supertest';

/** Test support for limits.test.ts and limits-sms.test.ts: a refusal of a limit, as every limit answers it. */
export function expectRefused(res: request.Response, code: string) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe(code);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body.error.retryAfterSeconds).toBe(retryAfter);
}
