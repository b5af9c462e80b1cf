/**
 * Request and response bodies of the reference operator API (/api/v1), for the site's screens.
 * The OpenAPI document at /api/v1/openapi.json describes the same shapes; docs/api.md summarizes.
 * Money is in whole UZS; times are ISO 8601 strings in UTC from the server's clock.
 */
import type { ConstructorSelection, PricedStep, TariffQuote } from './tariff-pricing';

export type { ConstructorSelection, PricedStep, TariffQuote };

/** Every error: `{ error: { code, message, field? } }`; message is in the request's language. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** The input field at fault (a body or query field, or a token header). */
    field?: string;
    /** 429: seconds until a new attempt is allowed (also in the Retry-After header). */
    retryAfterSeconds?: number;
    /** bid_too_low: the smallest bid accepted now. */
    minimumAmount?: number;
  };
}

/** Error codes the site turns into the spec's messages. */
export const API_ERROR_CODES = {
  numberRequired: 'number_required', // 'First you need to select a number'
  registrationRequired: 'registration_required', // 'First you need to register'
  reservationExpired: 'reservation_expired', // 'The booking time has expired. Please select it again.'
} as const;

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

// News

export interface NewsImage {
  url: string;
  width: number;
  height: number;
}
export interface NewsSummary {
  slug: string;
  title: string;
  summary: string;
  /** yyyy-mm-dd */
  publishedAt: string;
  image: NewsImage;
}
export interface NewsItem extends NewsSummary {
  /** Paragraphs separated by a blank line. */
  body: string;
}
export type NewsList = Paged<NewsSummary>;

// Tariffs

export interface ReadyTariff {
  id: string;
  name: string;
  description: string;
  monthlyPrice: number;
  /** Monthly price during the first two months (discounted). */
  firstMonthsPrice: number;
  discountPercent: number;
  firstMonthsCount: number;
  internetGb: number;
  /** null: unlimited minutes inside Uzbekistan. */
  minutes: number | null;
  sms: number;
  nightInternetGb: number;
  dedicated: { gb: number; label: string };
}
export interface TariffList {
  items: ReadyTariff[];
}

export interface ConstructorOptions {
  basePrice: number;
  internetGb: PricedStep[];
  minutes: PricedStep[];
  sms: PricedStep[];
  nightInternet: { gb: number; price: number; label: string };
  dedicated: { gb: number; price: number; label: string };
  discountPercent: number;
  firstMonthsCount: number;
  defaults: ConstructorSelection;
}
/** GET /tariff-constructor/quote?internetGb=&minutes=&sms=&nightInternet=&dedicated= */
export type TariffQuoteResponse = TariffQuote;

// SIM types

export type SimTypeId = 'esim' | 'physical';
export interface SimType {
  id: SimTypeId;
  name: string;
  description: string;
  price: number;
  /** What the order needs for this type: an e-mail (eSIM QR code) or a delivery choice. */
  requires: Array<'email' | 'delivery'>;
}
export interface SimTypeList {
  items: SimType[];
}

// Numbers

export type CategoryId = 'free' | 'bronze' | 'silver' | 'gold' | 'platinum';
export type NumberPattern = 'repeats' | 'mirror' | 'sequence';
export type NumberStatus = 'free' | 'reserved' | 'sold' | 'auction';

export interface NumberCategory {
  id: CategoryId;
  name: string;
  price: number;
  /** How the category reads, e.g. `___-xx-xx`. */
  pattern: string;
  /** Numbers of this category free to reserve now. */
  available: number;
}
export interface CategoryList {
  items: NumberCategory[];
}

export interface PhoneNumber {
  /** +998771234567 */
  number: string;
  /** +998 77 123 45 67 */
  formatted: string;
  category: CategoryId;
  price: number;
  status: NumberStatus;
  available: boolean;
  /** Set when the number is sold by auction. */
  auctionId: string | null;
}

/** GET /numbers query. */
export interface NumberSearch {
  category?: CategoryId;
  contains?: string;
  endsWith?: string;
  /** e.g. XXX-YY-YY: the same letter is the same digit, `_` any digit. */
  mask?: string;
  pattern?: NumberPattern;
  sort?: 'price_asc' | 'price_desc';
  /** false (default): only numbers free to reserve; true: all, others with available=false. */
  includeUnavailable?: boolean;
  page?: number;
  pageSize?: number;
  /** nextCursor of the previous page: seeks straight to the page after it (then `page` only labels it). */
  cursor?: string;
}
export interface NumberList extends Paged<PhoneNumber> {
  /** False when `total` is a lower bound: more than `total` numbers match. */
  totalExact: boolean;
  /** Pass as `cursor` for the page after this one (stable while numbers are reserved); null on the last page. */
  nextCursor: string | null;
}

// Reservation

export interface ReserveRequest {
  number: string;
}
export interface Reservation {
  number: string;
  formatted: string;
  price: number;
  category: CategoryId;
  status: 'active' | 'ordered';
  expiresAt: string;
  /** Set once an order was created from this reservation. */
  orderId: string | null;
}
export interface ReservationResponse {
  /** Store as `reservation-token`; its exp is the end of the booking. */
  reservationToken: string;
  reservation: Reservation;
  /** The number released by this request when it replaced a held one. */
  replaced: string | null;
}

// Auctions

export type LotStatus = 'upcoming' | 'active' | 'ended' | 'sold';
export interface AuctionLot {
  id: string;
  number: string;
  formatted: string;
  status: LotStatus;
  startPrice: number;
  step: number;
  buyNowPrice: number | null;
  currentBid: number | null;
  /** The smallest bid accepted now (start price, or current + step). */
  minimumBid: number;
  bidCount: number;
  startsAt: string;
  endsAt: string;
  /** The server's clock when answering, so the page can count down without trusting the device. */
  serverTime: string;
  soldPrice: number | null;
  /** With an auth token: the visitor's best bid and rank among bidders (1 = leading). */
  myBid: number | null;
  myPosition: number | null;
  /** After the end: whether the visitor is the bidder whose turn it is to buy, and until when. */
  myTurnToBuyUntil: string | null;
}
export interface AuctionLotList {
  items: AuctionLot[];
}
export interface Bid {
  amount: number;
  /** Masked, e.g. +998 90 *** ** 67 */
  bidder: string;
  createdAt: string;
  mine: boolean;
}
export interface AuctionLotDetail extends AuctionLot {
  bids: Bid[];
}
export interface PlaceBidRequest {
  amount: number;
}
export interface PlaceBidResponse {
  bid: Bid;
  lot: AuctionLot;
}

// SMS code and auth

export interface SmsCodeRequest {
  phone: string;
}
export interface SmsCodeResponse {
  phone: string;
  expiresAt: string;
  resendAfterSeconds: number;
  /** Development only (never in production): the code, as printed in the server log. */
  devCode?: string;
}
export interface SmsVerifyRequest {
  phone: string;
  code: string;
}
export interface SmsVerifyResponse {
  /** Store as `auth_token`. */
  authToken: string;
  /** Store as `auth_token_number`. */
  authTokenNumber: string;
  expiresAt: string;
}

// Identification

export type IdentificationStatus = 'verified' | 'rejected' | 'pending' | 'appointment';
export type RejectionReason =
  | 'birth_date_mismatch'
  | 'selfie_mirrored'
  | 'document_expired'
  | 'document_not_found'
  | 'face_mismatch';

export interface RemoteIdentificationRequest {
  /** Passport series and number (AA1234567) or 14-digit PINFL. */
  document: string;
  /** dd.mm.yyyy */
  birthDate: string;
}
export interface ManualIdentificationRequest {
  pointOfSaleId: string;
  /** yyyy-mm-dd, today or later; defaults to the next working day. */
  date?: string;
}
export interface Identification {
  id: string;
  method: 'remote' | 'manual';
  status: IdentificationStatus;
  phone: string;
  documentType: 'passport' | 'pinfl' | null;
  /** e.g. AA*****67 */
  document: string | null;
  reason: RejectionReason | null;
  /** What to fix, in the request's language (rejected only). */
  hint: string | null;
  /** pending: when to ask again. */
  retryAfterSeconds: number | null;
  appointment: { pointOfSale: PointOfSale; date: string; code: string } | null;
  createdAt: string;
}

// Points of sale

export type PointService = 'sim' | 'esim' | 'identification';
export interface PointOfSale {
  id: string;
  city: string;
  cityName: string;
  name: string;
  address: string;
  landmark: string;
  lat: number;
  lon: number;
  phone: string;
  services: PointService[];
  /** Local time ranges like 09:00-18:00; null = closed. */
  hours: { monFri: string; sat: string | null; sun: string | null; lunch: string | null };
  /** Present when the query gave lat/lon. */
  distanceKm?: number;
}
export interface PointOfSaleList {
  items: PointOfSale[];
  cities: Array<{ id: string; name: string; lat: number; lon: number }>;
}

// Orders and payment

export type TariffChoice =
  | { type: 'ready'; id: string }
  | ({ type: 'constructor' } & ConstructorSelection);

export type Delivery = { method: 'pickup'; pointOfSaleId: string } | { method: 'courier'; address: string };

/**
 * POST /orders. Needs the reservation token (X-Reservation-Token header or Bearer) and the
 * auth token (Bearer or X-Auth-Token) of a phone with an identification.
 */
export interface CreateOrderRequest {
  tariff: TariffChoice;
  simType: SimTypeId;
  /** Required for eSIM: the QR code is sent there. */
  email?: string;
  /** Required for a physical SIM. */
  delivery?: Delivery;
}

export type OrderStatus = 'created' | 'paid' | 'activated' | 'expired';
export interface OrderTariff {
  type: 'ready' | 'constructor';
  id: string | null;
  name: string;
  monthlyPrice: number;
  firstMonthsPrice: number;
  selection: ConstructorSelection | null;
}
export interface Order {
  id: string;
  status: OrderStatus;
  number: string;
  formatted: string;
  numberPrice: number;
  tariff: OrderTariff;
  simType: SimTypeId;
  simPrice: number;
  email: string | null;
  delivery: Delivery | null;
  /** Due now: the number, the SIM and the first (discounted) month. */
  total: number;
  createdAt: string;
  /** The number stays held for this order until then. */
  paymentDeadline: string;
  paidAt: string | null;
  activatedAt: string | null;
}
export interface CreateOrderResponse {
  order: Order;
  /** Store as `access_token`: grants this order (payment, status) and nothing else. */
  accessToken: string;
}

export type PaymentProvider = 'payme' | 'click' | 'uzum' | 'card';
export interface StartPaymentRequest {
  provider: PaymentProvider;
  /** Where the sandbox page sends the visitor after the choice: a site path starting with one '/'. */
  returnPath?: string;
}
export interface StartPaymentResponse {
  paymentId: string;
  provider: PaymentProvider;
  amount: number;
  /** The same amount in tiyin (1/100 UZS), as provider APIs count. */
  amountTiyin: number;
  /** Root-relative URL of the sandbox payment page on the API's origin. */
  paymentUrl: string;
  expiresAt: string;
}

/** GET /orders/{id}/status: the answer to "I've already paid". */
export interface OrderStatusResponse {
  orderId: string;
  status: OrderStatus;
  result: 'activated' | 'not_paid' | 'expired';
  number: string;
  formatted: string;
  /** The spec's text for the result in the request's language. */
  message: string;
  activatedAt: string | null;
}
