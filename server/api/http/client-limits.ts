import ipaddr from 'ipaddr.js';
import { ApiError, type ErrorCode, type ErrorParams } from './api-error';

/**
 * What one client may do, so that no single client can take the catalogue off sale or send SMS
 * codes to strangers. A "client" is the address Express sees (`req.ip`, so `TRUST_PROXY` decides
 * it behind a proxy); its "network" is the /24 around an IPv4 address (an IPv6 client is already
 * its /64), so that neighbouring addresses count together too; limits on purchases count per
 * verified phone. No limit on clients alone stops many addresses: the share of the catalogue
 * anonymous bookings may hold is the limit that does.
 */
export interface ClientLimits {
  /** Reservations one client may create per hour (new bookings and replacements alike). */
  reservationsPerHour: number;
  /** Reservations the clients of one network may create per hour, all together. */
  reservationsPerNetworkPerHour: number;
  /** Numbers one client may hold at once: active bookings plus orders awaiting payment. */
  holdsPerClient: number;
  /** Numbers the clients of one network may hold at once, all together. */
  holdsPerNetwork: number;
  /** Bookings one verified phone may hold at once (a token can be used from any address). */
  bookingsPerPhone: number;
  /**
   * The share (0 to 1) of a category's numbers on sale that bookings without a verified phone may
   * hold at once; past it, a booking in that category needs the SMS step first.
   */
  anonymousHeldShare: number;
  /**
   * The share (0 to 1) of a premium category's (gold, platinum) numbers on sale that may be held
   * at once by anyone, bookings and orders awaiting payment together: the rest stays on sale.
   */
  premiumHeldShare: number;
  /** Premium numbers one confirmed phone may hold at once (its bookings and orders awaiting payment). */
  premiumHoldsPerPhone: number;
  /**
   * Premium numbers held at once by bookings without a confirmed phone, per client and per network:
   * past it, a premium booking from there needs the SMS step first (403 phone_required), as past
   * the anonymous share.
   */
  anonymousPremiumHoldsPerClient: number;
  anonymousPremiumHoldsPerNetwork: number;
  /** Different phones one client may have SMS codes sent to within an hour. */
  smsPhonesPerHour: number;
  /** SMS codes sent per hour to the clients of one network, all together. */
  smsPerNetworkPerHour: number;
  /**
   * SMS sent per hour in all, codes and number watches' messages together, every client together:
   * the most the operator's SMS bill grows by in an hour.
   */
  smsTotalPerHour: number;
  /**
   * The share (0 to 1) of `smsTotalPerHour` kept for code requests from networks that have had
   * fewer than `smsReserveNetworkCodes` codes within the hour: once the rest is spent, only they
   * get codes (and only with a challenge solved at the top difficulty, auth/sms-challenge.ts), so
   * networks that spent the rest cannot lock a fresh visitor out. Watch messages never use it.
   */
  smsReserveShare: number;
  /** Codes a network may have had within the hour and still draw on the reserve (a first code and a resend). */
  smsReserveNetworkCodes: number;
  /** Orders awaiting payment one verified phone may have at once. */
  ordersAwaitingPayment: number;
  /** Bids one verified phone may place per minute. */
  bidsPerMinute: number;
  /** Event streams (a lot's live bids) one client may hold open at once, on each server process. */
  streamsPerClient: number;
  /** Event streams open at once on each server process, all clients together. */
  streamsTotal: number;
  /**
   * The share (0 to 1) of `streamsTotal` the clients of one site (`siteKey`: an IPv4 /24, an IPv6
   * /48) may hold at once, all together, and never less than one client's `streamsPerClient`.
   */
  streamsSiteShare: number;
  /**
   * Once half of `streamsTotal` is open, the smaller share (0 to 1) a site must hold less than to
   * open another (never less than one client's `streamsPerClient`), so a few sites cannot take the rest.
   */
  streamsBusySiteShare: number;
  /** Number watches one client may save per hour (each phone also has at most WATCHES_PER_PHONE at once). */
  watchesPerHour: number;
  /**
   * Remote identifications refused within a day: a verified phone's on any documents, a phone's on
   * one document, and a document's from all phones together (past that, its checks are answered as
   * refused without asking the registry). Each refusal answers whether a document and a date of
   * birth go together.
   */
  identificationFailuresPerPhone: number;
  identificationFailuresPerPhoneDocument: number;
  identificationFailuresPerDocument: number;
  /**
   * Minutes a client (its phone, or its address without one) waits before booking again a number
   * whose booking it cancelled, replaced or let lapse; 0: at once. Others may book it meanwhile.
   */
  rebookWaitMinutes: number;
  /**
   * Refused bookings (and refused watches) one client may send per hour, each kind counted apart
   * and never against its network: the bookings and watches budgets count only what was done.
   */
  refusedPerHour: number;
}

/**
 * Launch defaults: several visitors behind one mobile carrier's NAT can still browse and book
 * (each rarely books more than a handful), while one client can never hold more than 20 numbers
 * or have codes sent to more than 10 phones an hour.
 */
export const DEFAULT_LIMITS: ClientLimits = {
  reservationsPerHour: 60,
  // Three times one client's: a carrier's NAT pool or an office network has several visitors
  // booking at once, a botnet's addresses in one network count as one bigger client.
  reservationsPerNetworkPerHour: 180,
  holdsPerClient: 20,
  holdsPerNetwork: 60,
  // A visitor books one number at a time (a new choice replaces it); two leave room for a second tab.
  bookingsPerPhone: 2,
  // Four fifths of every category stay bookable whatever any number of addresses do without SMS.
  anonymousHeldShare: 0.2,
  // Half of gold and of platinum stays on sale whatever any crowd of confirmed phones does: 35
  // phones with 35 passports once held 100 of the 103 gold numbers. One premium number a phone:
  // a visitor buys one beautiful number at a time (a second one waits until the first is paid).
  premiumHeldShare: 0.5,
  premiumHoldsPerPhone: 1,
  // As a confirmed phone: one premium number per address without SMS. One address once held 20 gold
  // numbers without a phone, the whole anonymous share of gold, and a second of its /24 all 9 such
  // platinum ones (attack of 2026-11-28, F2). A carrier's NAT pool behind one /24 keeps three; a
  // visitor past either confirms a phone, which is what the share asks of everyone past it anyway.
  anonymousPremiumHoldsPerClient: 1,
  anonymousPremiumHoldsPerNetwork: 3,
  smsPhonesPerHour: 10,
  // Codes cost money and reach strangers' phones: 200 addresses of one /24 with 10 phones each once
  // had 2,000 codes sent in 2 s (each address may send up to 50 an hour within its own limits).
  // Ten clients' worth per network: an office or a mobile carrier's NAT pool behind one /24 has
  // many visitors, but rarely more than a few dozen confirming a phone (a code, sometimes a
  // resend) in the same hour, while an attacker's /24 gets 100 codes an hour, not thousands.
  smsPerNetworkPerHour: 100,
  // A young operator's site sends some tens of codes in its busiest hour, a few hundred on a
  // launch day (about one per order, plus resends and phones confirmed to bid or to watch); 1,000
  // leaves room for that, while a botnet spread over any number of networks burns at most 1,000
  // SMS an hour. Past it everyone waits, so the operator watches limits_refused_total{limit="sms_busy"}.
  smsTotalPerHour: 1000,
  // A quarter of the hour's SMS: 250 codes for fresh networks once 750 went anywhere. Networks that
  // spent the 750 (at most 100 each, so at least 8 of them) are out of it; 100 networks could at
  // most take 184 of it (92 unused networks, 2 codes each, each solving a top-difficulty
  // challenge), so fresh visitors keep 66 codes of it even then (docs/api.md, SMS challenges).
  smsReserveShare: 0.25,
  smsReserveNetworkCodes: 2,
  ordersAwaitingPayment: 3,
  bidsPerMinute: 10,
  // A visitor has one stream per open tab on a lot or on the list; 20 covers a household behind one address.
  streamsPerClient: 20,
  // Each open stream costs a socket and a little memory; 5,000 per process stays far below the
  // file-descriptor limit and the memory bench:streams measured for 500 (docs/api.md).
  streamsTotal: 5000,
  // An IPv6 client is its /64, and one home line's /56 has 256 of them: 256 × 20 streams once took
  // every slot of a process. A site (a /48, or an IPv4 /24 such as a carrier's NAT pool) holds at
  // most 5 % of them, 250: more than a household's tabs, and 20 sites are needed to fill a process.
  streamsSiteShare: 0.05,
  // 20 sites of 250 once held every slot. Past half (2,500), a site opens more only while it holds
  // under 50: the last half takes 50 more sites, and 10 full ones plus 10 others take 3,000 of 5,000.
  streamsBusySiteShare: 0.01,
  // A visitor saves a watch or two and may replace them; ten an hour keeps one client from saving
  // watches for many phones it confirmed one after another (those need SMS codes, limited too).
  watchesPerHour: 10,
  // A person mistypes a date or a number once or twice; 202 tries once walked a passport's year
  // of birth in under a second. A phone gets 3 tries a document (5 in all) a day; a document 50
  // from all phones: about 22,000 possible dates take over a year, and shutting the holder out for
  // a day takes 17 confirmed phones (SIMs) that day. Never per address: every try carries a
  // confirmed phone, and 4 phones at a carrier's NAT address once shut out their neighbours.
  identificationFailuresPerPhone: 5,
  identificationFailuresPerPhoneDocument: 3,
  identificationFailuresPerDocument: 50,
  // The default booking's own length: cancelling and booking again at once kept a number off sale
  // for ever at four bookings an hour, well within the hourly budget.
  rebookWaitMinutes: 15,
  // Four times the bookings an hour: room for a visitor's mistakes and numbers taken meanwhile,
  // while a client's garbage stays bounded and never spends its neighbours' network budget.
  refusedPerHour: 240,
};

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 address by its /64 network
 * (what one subscriber line gets, so rotating addresses inside it gains nothing).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4);
  return `${parts.join(':')}::/64`;
}

/**
 * The site a client belongs to, for the SMS reserve: an IPv4 address by its /24 as in `networkKey`,
 * an IPv6 client by its /48. A home gets a /56 and an office a /48, hundreds of /64 networks each:
 * counted by /64, one home line once took 125 networks' share of the reserve (two codes each).
 */
export function siteKey(ip: string | undefined): string {
  const network = networkKey(ip);
  if (!network.endsWith('/64')) return network;
  return `${network.split(':').slice(0, 3).join(':')}::/48`;
}

/**
 * The client keys (`clientKey`) of a client's site, as a range of the key column (which its
 * indexes read): an IPv4 address alone (`exact`), or every /64 of an IPv6 client's /48, as
 * `siteKey` counts it. The rebook wait counts a site's bookings by it, and the premium holds
 * without a phone an IPv6 network's.
 */
export function siteRange(client: string): { from: string; to: string; exact: boolean } {
  if (!client.endsWith('/64')) return { from: client, to: client, exact: true };
  // `clientKey` writes a /64 as its first four groups: the /48's keys all start with its first three and a colon.
  const prefix = client.split(':').slice(0, 3).join(':');
  return { from: `${prefix}:`, to: `${prefix};`, exact: false };
}

/**
 * The network a client belongs to: an IPv4 address by its /24 (a botnet spread over one network,
 * an office, a carrier's NAT pool), an IPv6 client by its /64 as in `clientKey`.
 */
export function networkKey(ip: string | undefined): string {
  const client = clientKey(ip);
  if (client === 'unknown' || client.endsWith('/64')) return client;
  return `${client.split('.').slice(0, 3).join('.')}.0/24`;
}

/** A refused request: 429 with Retry-After, the wait in seconds, minutes and hours for the message. */
export function tooManyRequests(code: ErrorCode, waitMs: number, params: ErrorParams = {}): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return new ApiError(429, code, { params: { seconds, minutes, hours, ...params }, extra: { retryAfterSeconds: seconds } });
}

/** The server is at capacity for this kind of request: 503 with Retry-After. */
export function serviceBusy(code: ErrorCode, waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(503, code, { params: { seconds }, extra: { retryAfterSeconds: seconds } });
}
