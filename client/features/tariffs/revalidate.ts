import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * For pages whose query only changes what is shown of the same data (the constructor's
 * configuration, the tariffs compared): a new query on the same path re-renders from the URL
 * without asking the API again.
 */
export function revalidateOnNewPath({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
