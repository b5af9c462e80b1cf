/** The whole API contract: one zod schema per shape (see common.ts). */
export * from './common';
export * from './errors';
export * from './news';
export * from './tariffs';
export * from './numbers';
export * from './reservations';
export * from './sms';
export * from './identification';
export * from './points-of-sale';
export * from './auctions';
export * from './orders';
export * from './payments';
export * from './watches';
