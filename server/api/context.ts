import type { Db } from './store/database';
import type { RateLimits } from './http/limits';
import type { TokenService } from './http/tokens';
import type { AuctionPaymentSettings } from './auctions/auction-settings';

/** Where eSIM profiles are downloaded from, and whether they need a confirmation code (orders/esim-profiles.ts). */
export interface EsimSettings {
  smdpAddress: string;
  /** When true, each profile also gets a confirmation code the visitor types while installing. */
  confirmationCode: boolean;
}

/** Confirming a phone through Telegram's Mini App (auth/telegram-routes.ts): on only with the bot's token. */
export interface TelegramSettings {
  /** The bot's token from BotFather (TELEGRAM_BOT_TOKEN): the key of every signature Telegram makes for it. */
  botToken: string;
  /** Signed data older than this is refused (TELEGRAM_AUTH_MAX_AGE_SECONDS). */
  maxAgeSeconds: number;
}

/** What an SMS the API sent was: a code (POST /auth/sms) or a number watch's news. */
export type SmsKind = 'code' | 'watch';

/** What every handler gets: the store, the clock, the token service and the settings. */
export interface ApiContext {
  db: Db;
  now(): number;
  tokens: TokenService;
  reservationMs: number;
  auctionExtendMs: number;
  /** The most late bids may move a lot's end past its scheduled end, in all (AUCTION_EXTEND_MAX_HOURS). */
  auctionExtendMaxMs: number;
  paymentWindowMs: number;
  /** How long an order for a premium number (a price, or won at auction) waits for payment. */
  paymentWindowPremiumMs: number;
  /** Buy-now's payment window, the ban after a lapsed window, the deposit of premium lots (auctions/auction-settings.ts). */
  auctionPayments: AuctionPaymentSettings;
  demoSmsCode: string | undefined;
  production: boolean;
  smsSecret: string;
  /** null: no bot token, so phones are confirmed by SMS only. */
  telegram: TelegramSettings | null;
  /** Key of the hash that stands for a verified document (one person), never stored in clear. */
  personSecret: string;
  /** Keys the public booking ids (reservations/booking-id.ts). */
  bookingSecret: string;
  limits: RateLimits;
  /** Where eSIM profiles are downloaded from, and whether they need a confirmation code. */
  esim: EsimSettings;
  /** Told of every SMS actually sent (for metrics). */
  smsSent(kind: SmsKind): void;
  log(message: string): void;
  /**
   * Work begun at the start that the API should finish before it is given requests (the numbers
   * for sale copied into memory): /readyz answers 503 until it is over, and the site listens after it.
   */
  warmUp(work: Promise<void>): void;
  /** A fault of the API itself (a 5xx), with the request id that ties it to the request log. */
  logError(message: string, error: unknown, requestId?: string): void;
}
