import { data } from 'react-router';

/** The path as the 404 page shows it: decoded, or as sent when it is not valid percent-encoding. */
function shownPath(url: string): string {
  const { pathname } = new URL(url);
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Loader of every path nobody serves: a thrown 404 becomes the 404 page with status 404. The
 * raised error carries the specification's message, `Page not found: {path}` (section 2), whatever
 * the page then shows in the visitor's language.
 */
export function notFoundLoader({ request }: { request: Request }): never {
  throw data(null, { status: 404, statusText: `Page not found: ${shownPath(request.url)}` });
}
