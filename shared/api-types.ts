/**
 * Request and response bodies of the reference operator API (/api/v1), for the site's screens.
 * Each type is derived from its zod schema in shared/contract/ (the one source of the contract:
 * the server validates with it and generates /api/v1/openapi.json from it); this module keeps
 * the names the site imports. Only types come from the schemas (`import type`), so the browser
 * bundle never carries zod. Money is in whole UZS; times are ISO 8601 strings in UTC.
 */
import type { z } from 'zod';
import type * as C from './contract';
import type { ConstructorSelection, PricedStep, TariffQuote } from './tariff-pricing';

export type { ConstructorSelection, PricedStep, TariffQuote };

/** Every error: `{ error: { code, message, field? } }`; message is in the request's language. */
export type ApiErrorBody = z.infer<typeof C.ApiErrorBody>;

/** Error codes the site turns into the spec's messages. */
export const API_ERROR_CODES = {
  numberRequired: 'number_required', // 'First you need to select a number'
  registrationRequired: 'registration_required', // 'First you need to register'
  reservationExpired: 'reservation_expired', // 'The booking time has expired. Please select it again.'
} as const;

// News
export type NewsSummary = z.infer<typeof C.NewsSummary>;
export type NewsItem = z.infer<typeof C.NewsItem>;
export type NewsList = z.infer<typeof C.NewsList>;

// Tariffs and SIM types
export type ReadyTariff = z.infer<typeof C.ReadyTariff>;
export type TariffList = z.infer<typeof C.TariffList>;
export type ConstructorOptions = z.infer<typeof C.ConstructorOptions>;
export type SimTypeId = z.infer<typeof C.SimTypeId>;
export type SimType = z.infer<typeof C.SimType>;
export type SimTypeList = z.infer<typeof C.SimTypeList>;

// Numbers
export type CategoryId = z.infer<typeof C.CategoryId>;
export type NumberPattern = z.infer<typeof C.NumberPattern>;
export type NumberStatus = z.infer<typeof C.NumberStatus>;
export type NumberCategory = z.infer<typeof C.NumberCategory>;
export type CategoryList = z.infer<typeof C.CategoryList>;
export type PhoneNumber = z.infer<typeof C.PhoneNumber>;
export type NearNumber = z.infer<typeof C.NearNumber>;
/** GET /numbers query, as the API reads it. */
export type NumberSearch = z.infer<typeof C.NumberSearchQuery>;
export type NumberList = z.infer<typeof C.NumberList>;

// Reservation
export type Reservation = z.infer<typeof C.Reservation>;
export type ReservationResponse = z.infer<typeof C.ReservationResponse>;

// Auctions
export type LotStatus = z.infer<typeof C.LotStatus>;
export type AuctionLot = z.infer<typeof C.AuctionLot>;
export type AuctionLotList = z.infer<typeof C.AuctionLotList>;
export type Bid = z.infer<typeof C.Bid>;
export type AuctionLotDetail = z.infer<typeof C.AuctionLotDetail>;
export type MyBuyNow = z.infer<typeof C.MyBuyNow>;
export type MyDeposit = z.infer<typeof C.MyDeposit>;
export type AuctionPaymentResponse = z.infer<typeof C.AuctionPaymentResponse>;
export type PlaceBidResponse = z.infer<typeof C.PlaceBidResponse>;

// SMS code and auth
export type SmsCodeResponse = z.infer<typeof C.SmsCodeResponse>;
export type SmsChallenge = z.infer<typeof C.SmsChallenge>;
export type SmsVerifyResponse = z.infer<typeof C.SmsVerifyResponse>;

// Identification
export type IdentificationStatus = z.infer<typeof C.IdentificationStatus>;
export type RejectionReason = z.infer<typeof C.RejectionReason>;
export type RemoteIdentificationRequest = z.input<typeof C.RemoteIdentificationBody>;
export type ManualIdentificationRequest = z.input<typeof C.ManualIdentificationBody>;
export type Identification = z.infer<typeof C.Identification>;

// Points of sale
export type PointService = z.infer<typeof C.PointService>;
export type PointOfSale = z.infer<typeof C.PointOfSale>;
export type PointOfSaleList = z.infer<typeof C.PointOfSaleList>;

// Orders and payment
export type TariffChoice = z.infer<typeof C.TariffChoice>;
export type Delivery = z.infer<typeof C.Delivery>;
/** POST /orders body, as the site sends it. */
export type CreateOrderRequest = z.input<typeof C.CreateOrderBody>;
export type OrderStatus = z.infer<typeof C.OrderStatus>;
export type OrderTariff = z.infer<typeof C.OrderTariff>;
export type Order = z.infer<typeof C.Order>;
export type EsimProfile = z.infer<typeof C.EsimProfile>;
export type CreateOrderResponse = z.infer<typeof C.CreateOrderResponse>;
export type PaymentProvider = z.infer<typeof C.PaymentProvider>;
export type StartPaymentResponse = z.infer<typeof C.StartPaymentResponse>;
/** GET /orders/{id}/status: the answer to "I've already paid". */
export type OrderStatusResponse = z.infer<typeof C.OrderStatusResponse>;
export type Watch = z.infer<typeof C.Watch>;
export type WatchInput = z.input<typeof C.WatchBody>;
