import type { AxiosError } from 'axios';

/**
 * axios's `isAxiosError`, without importing axios: the browser loads axios with its first request
 * (client/framework/api-client.ts), and code that only inspects an error should not pull it in earlier.
 */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}
