import crypto from 'node:crypto';
import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import type { ApiErrorBody as ErrorBody, ReservationResponse as Booking } from '../../../shared/api-types';
import { ApiErrorBody } from '../../../shared/contract/errors';
import { Reservation, ReservationResponse } from '../../../shared/contract/reservations';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';
import { HTTP_TIMEOUT_MS } from '../../../shared/http';
import type { Language } from '../../../shared/languages';

/*
 * A number chosen without JavaScript is reserved by the site's server through the API's own
 * reservation endpoint (POST /reservations), as the browser would reserve it, for the visitor: the
 * API must count it against the visitor's address, never the server's, or one visitor could spend
 * every visitor's reservation limits (and none would ever be limited).
 *
 * - The embedded API (no API_BASE_URL) is this process's own router: the call goes to the address
 *   the visitor reached (loopback), naming the visitor's address as Express saw it (`req.ip`, by
 *   TRUST_PROXY, the address every other call of this site counts), signed with a key made from
 *   JWT_SECRET. `visitorAddressFromSite`, in front of the API's router, takes the address only
 *   with a valid signature, so nobody else can name one; a header without one is dropped.
 * - An operator API (API_BASE_URL) is told the address in X-Forwarded-For, as any reverse proxy
 *   tells it; that API trusts it only from the site's servers (its own TRUST_PROXY).
 */

const ADDRESS_HEADER = 'x-oq-visitor-address';
const PROOF_HEADER = 'x-oq-visitor-proof';

/** The key the site signs a visitor's address with: from JWT_SECRET, so every process of a cluster shares it. */
export function visitorAddressKey(jwtSecret: string): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('site: visitor address').digest();
}

const proofOf = (key: Buffer, address: string): string => crypto.createHmac('sha256', key).update(address).digest('base64url');

/** In front of the embedded API's router: the visitor's address the site's own call names, when signed; otherwise nothing. */
export function visitorAddressFromSite(key: Buffer) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const address = req.headers[ADDRESS_HEADER];
    const proof = req.headers[PROOF_HEADER];
    delete req.headers[ADDRESS_HEADER];
    delete req.headers[PROOF_HEADER];
    if (typeof address !== 'string' || typeof proof !== 'string' || !ipaddr.isValid(address)) return next();
    const expected = Buffer.from(proofOf(key, address));
    const given = Buffer.from(proof);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
      // What the API's limits read (`clientKey(req.ip)`): the visitor, not this server.
      Object.defineProperty(req, 'ip', { value: address, configurable: true, enumerable: true });
    }
    next();
  };
}

/** What the API answered a reservation: the booking, or its refusal (status and error body). */
export type VisitorReservation =
  { ok: true; booking: Booking } | { ok: false; status: number; error: ErrorBody['error'] | null; retryAfter?: string };

export interface VisitorReservationRequest {
  number: string;
  lang: Language;
  /** The visitor's booking (the handoff cookie), replaced by the new one as the browser's would be. */
  token: string | null;
  /** The request to the site: its address (req.ip), its id, and the local address it reached. */
  req: Request;
  requestId?: string;
}

export type ReserveForVisitor = (request: VisitorReservationRequest) => Promise<VisitorReservation>;

/** The booking a handoff cookie's token holds now, as the API says (GET /reservations/current), or null when it holds none. */
export type CurrentForVisitor = (request: Omit<VisitorReservationRequest, 'number' | 'token'> & { token: string }) => Promise<{
  number: string;
  expiresAtMs: number;
} | null>;

/** The site's own address as the visitor's connection reached it: where the embedded API answers. */
function ownOrigin(req: Request): string {
  const host = req.socket.localAddress ?? '127.0.0.1';
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${req.socket.localPort}`;
}

export function createVisitorReservations({ apiBaseUrl, jwtSecret }: { apiBaseUrl: string | null; jwtSecret: string }): {
  reserve: ReserveForVisitor;
  current: CurrentForVisitor;
} {
  const key = visitorAddressKey(jwtSecret);
  const call = (
    method: 'GET' | 'POST',
    path: string,
    { lang, token, req, requestId }: Omit<VisitorReservationRequest, 'number'>,
    body?: object,
  ) => {
    const address = req.ip ?? '';
    const headers: Record<string, string> = {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      Accept: 'application/json',
      'Accept-Language': lang,
      'X-Language': lang,
      ...(requestId ? { 'X-Request-Id': requestId } : {}),
      ...(token ? { [CREDENTIAL_HEADERS.reservation]: token } : {}),
      ...(apiBaseUrl ? { 'X-Forwarded-For': address } : { [ADDRESS_HEADER]: address, [PROOF_HEADER]: proofOf(key, address) }),
    };
    const base = apiBaseUrl ?? `${ownOrigin(req)}/api/v1`;
    return fetch(`${base}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      // The API answers what it is asked; a server that followed a redirect could be sent anywhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  };

  const reserve: ReserveForVisitor = async ({ number, ...request }) => {
    const response = await call('POST', '/reservations', request, { number });
    const body: unknown = await response.json().catch(() => null);
    // The answers as the contract declares them (shared/contract): anything else is no booking and no reason.
    const booking = ReservationResponse.safeParse(body);
    if (response.status === 201 && booking.success) return { ok: true, booking: booking.data };
    const refusal = ApiErrorBody.safeParse(body);
    const retryAfter = response.headers.get('retry-after');
    return {
      ok: false,
      status: response.status,
      error: refusal.success ? refusal.data.error : null,
      ...(retryAfter && /^\d{1,9}$/.test(retryAfter) ? { retryAfter } : {}),
    };
  };

  const current: CurrentForVisitor = async (request) => {
    const response = await call('GET', '/reservations/current', request);
    const held = Reservation.safeParse(await response.json().catch(() => null));
    if (response.status !== 200 || !held.success) return null;
    return { number: held.data.number, expiresAtMs: Date.parse(held.data.expiresAt) };
  };

  return { reserve, current };
}
