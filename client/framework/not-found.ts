import { data } from 'react-router';

/** Loader of every path nobody serves: a thrown 404 becomes the 404 page with status 404. */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
