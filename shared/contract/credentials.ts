/**
 * The API's credentials and the header each travels in (besides the one Bearer token the shared
 * client sends): the one list of their names, read by the browser's calls, the API's token check,
 * its CORS rule and its OpenAPI document, and the server's cache rule for credentialed calls.
 */
export const CREDENTIAL_HEADERS = {
  reservation: 'X-Reservation-Token',
  auth: 'X-Auth-Token',
  order: 'X-Access-Token',
} as const;

export type Credential = keyof typeof CREDENTIAL_HEADERS;

/** The header names as Node gives them (lower case). */
export const CREDENTIAL_HEADER_NAMES = Object.values(CREDENTIAL_HEADERS).map((name) => name.toLowerCase());
