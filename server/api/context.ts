import type { Db } from './store/database';
import type { TokenService } from './http/tokens';

/** What every handler gets: the store, the clock, the token service and the settings. */
export interface ApiContext {
  db: Db;
  now(): number;
  tokens: TokenService;
  reservationMs: number;
  auctionExtendMs: number;
  paymentWindowMs: number;
  demoSmsCode: string | undefined;
  production: boolean;
  smsSecret: string;
  log(message: string): void;
}
