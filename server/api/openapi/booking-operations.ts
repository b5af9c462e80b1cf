/**
 * The operations of searching and booking a number: the live status of a results page, the
 * reservation of one number, and the watches that wait for one to come free.
 */
import { z } from 'zod';
import * as C from '../../../shared/contract';
import type { Operation } from './operation';

/** The live status of the numbers a results page shows. */
export const NUMBER_EVENT_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/numbers/events',
    operationId: 'streamNumberStatuses',
    summary: 'Live status of the numbers a results page shows, as Server-Sent Events',
    tag: 'numbers',
    query: C.NumberEventsQuery,
    ok: [200, null],
    events:
      "Event stream. `snapshot` first (data: NumberSnapshotEvent, the present status of each number that exists), then `status` (data: NumberStatusEvent) whenever one of them is reserved, ordered, sold, released or its hold lapses, on any server sharing the store, within a second. `id:` is the change's place in the store's log of number changes; a reconnect with `Last-Event-ID` gets each number changed meanwhile once, at its present status (no snapshot), then live ones; an id the log no longer keeps gets a snapshot. A comment line every 15 s. Refusals (400 naming `numbers`, 429 `too_many_streams`, and 503 `streams_busy`) are JSON with Retry-After where it applies, before any event, in the language of `lang` (EventSource sends no X-Language, so a browser names it in the URL), else of the headers.",
    errors: [400, 429, 503],
  },
];

/** A number booked for the purchase, with a reservation token. */
export const RESERVATION_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/reservations',
    operationId: 'reserveNumber',
    summary:
      'Reserve a number; with a held reservation token, replace it atomically; past the share of a category anonymous bookings may hold, only with an auth token (403 phone_required)',
    tag: 'reservations',
    body: C.ReserveBody,
    security: 'optionalReservation',
    ok: [201, C.ReservationResponse],
    errors: [400, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/reservations/current',
    operationId: 'getReservation',
    summary: 'The reservation of the token',
    tag: 'reservations',
    security: 'reservation',
    ok: [200, C.Reservation],
    errors: [400, 401, 404],
  },
  {
    method: 'delete',
    path: '/reservations/current',
    operationId: 'cancelReservation',
    summary: 'Cancel the reservation',
    tag: 'reservations',
    security: 'reservation',
    ok: [204, null],
    errors: [400, 401, 404, 409],
  },
];

/** Saved searches that send an SMS when a matching number comes free. */
export const WATCH_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/watches',
    operationId: 'saveWatch',
    summary:
      'Save a search as a watch (SMS-verified phone, at most 3, for 30 days): one SMS a day at most when a matching number comes free',
    tag: 'watches',
    body: C.WatchBody,
    security: 'auth',
    ok: [201, C.Watch],
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/watches',
    operationId: 'listWatches',
    summary: "The phone's standing watches",
    tag: 'watches',
    security: 'auth',
    ok: [200, C.WatchList],
    errors: [401],
  },
  {
    method: 'delete',
    path: '/watches/{id}',
    operationId: 'removeWatch',
    summary: 'Remove one of the phone’s watches',
    tag: 'watches',
    params: z.strictObject({ id: z.string() }),
    security: 'auth',
    ok: [204, null],
    errors: [400, 401, 404],
  },
];
