import { data } from 'react-router';
import type { AuctionLotDetail, PlaceBidResponse, WatchInput } from '../../../shared/api-types';
import { placeBid, removeMaxBid, reserveLot, setMaxBid } from '../../api/auctions';
import { cancelReservation, reserveNumber } from '../../api/reservations';
import { removeWatch, saveWatch } from '../../api/watches';
import { apiErrorCode, apiErrorOf } from '../../features/purchase/api-error';
import { browserAction } from '../../features/purchase/browser-loader';
import { clearReservation, saveReservation } from '../../../shared/tokens';
import { smsStep, type SmsIntent } from '../../features/purchase/sms-step';
import type { ErrorCode } from '../../../shared/contract/errors';

/**
 * A choice's outcome: reserved (maybe replacing the held number), taken by someone else meanwhile,
 * refused until the visitor confirms a phone by SMS (`phoneRequired`), or refused.
 */
export type ReserveOutcome =
  | { intent: 'reserve'; ok: true; number: string; formatted: string; replaced: string | null }
  | { intent: 'reserve'; ok: false; number: string; taken: boolean; phoneRequired: boolean; message: string | null };

async function reserve(form: FormData): Promise<ReserveOutcome> {
  const number = String(form.get('number') ?? '');
  try {
    const booked = await reserveNumber(number);
    saveReservation(booked);
    const { reservation, replaced } = booked;
    return { intent: 'reserve', ok: true, number, formatted: reservation.formatted, replaced };
  } catch (error) {
    const code = apiErrorCode(error);
    return {
      intent: 'reserve',
      ok: false,
      number,
      taken: code === 'number_unavailable' || code === 'number_not_found',
      phoneRequired: code === 'phone_required',
      message: apiErrorOf(error)?.message ?? null,
    };
  }
}

/** Buying a won lot: the winner's booking of its number at the winning price, or the API's refusal. */
export type BuyLotOutcome = { intent: 'buy-lot'; ok: true } | { intent: 'buy-lot'; ok: false; message: string | null };

async function buyLot(form: FormData): Promise<BuyLotOutcome> {
  try {
    saveReservation(await reserveLot(String(form.get('lotId') ?? '')));
    return { intent: 'buy-lot', ok: true };
  } catch (error) {
    return { intent: 'buy-lot', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

/** Cancelling the booking: done, also when the server says it was already gone (another tab, expiry). */
export type CancelOutcome = { intent: 'cancel-reservation'; ok: boolean; number: string };

async function cancel(form: FormData): Promise<CancelOutcome> {
  const number = String(form.get('number') ?? '');
  try {
    await cancelReservation();
    clearReservation();
    return { intent: 'cancel-reservation', ok: true, number };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code !== 'reservation_not_found' && code !== 'reservation_expired') return { intent: 'cancel-reservation', ok: false, number };
    clearReservation();
    return { intent: 'cancel-reservation', ok: true, number };
  }
}

/**
 * An amount offered on a lot (a bid, or a maximum): the API's answer, or a refusal with the
 * smallest amount accepted now (the lot's own floor, or the API's) or the API's words.
 */
export type AmountOutcome<Intent extends string, Result> =
  { intent: Intent; ok: true; result: Result } | { intent: Intent; ok: false; minimumAmount: number | null; message: string | null };

/** A bid placed: the bid and the lot's standing after it. */
export type BidOutcome = AmountOutcome<'bid', PlaceBidResponse>;
/** A maximum set, raised, lowered or removed: the lot as it stands after it. */
export type MaxBidOutcome = AmountOutcome<'max-bid' | 'remove-max-bid', AuctionLotDetail>;

/** What the visitor typed, without the group separators they may use ("1 200 000", "1,200,000"). */
function amountOf(typed: string, minimum: number): number {
  return Number((typed.trim() || String(minimum)).replace(/[\s\u00a0,.]/g, ''));
}

/** The one path of an amount from the form to the API: read, checked against its floor, sent. */
async function offerAmount<Intent extends string, Result>(
  form: FormData,
  intent: Intent,
  how: {
    field: string;
    lowest: (minimumBid: number) => number;
    tooLow: ErrorCode;
    send: (lotId: string, amount: number) => Promise<Result>;
  },
): Promise<AmountOutcome<Intent, Result>> {
  const lotId = String(form.get('lotId') ?? '');
  const minimum = Number(form.get('minimumBid'));
  const amount = amountOf(String(form.get(how.field) ?? ''), minimum);
  if (!Number.isSafeInteger(amount) || amount < how.lowest(minimum)) return { intent, ok: false, minimumAmount: minimum, message: null };
  try {
    return { intent, ok: true, result: await how.send(lotId, amount) };
  } catch (failure) {
    const body = apiErrorOf(failure);
    if (body?.code === how.tooLow && body.minimumAmount) return { intent, ok: false, minimumAmount: body.minimumAmount, message: null };
    return { intent, ok: false, minimumAmount: null, message: body?.message ?? null };
  }
}

const bid = (form: FormData): Promise<BidOutcome> =>
  offerAmount(form, 'bid', { field: 'amount', lowest: (minimum) => minimum, tooLow: 'bid_too_low', send: placeBid });

// Any positive maximum is sent: whether it is high enough depends on who leads, which the API knows.
const maxBid = (form: FormData): Promise<MaxBidOutcome> =>
  offerAmount(form, 'max-bid', { field: 'maxAmount', lowest: () => 1, tooLow: 'max_bid_too_low', send: setMaxBid });

async function removeMax(form: FormData): Promise<MaxBidOutcome> {
  try {
    return { intent: 'remove-max-bid', ok: true, result: await removeMaxBid(String(form.get('lotId') ?? '')) };
  } catch (failure) {
    return { intent: 'remove-max-bid', ok: false, minimumAmount: null, message: apiErrorOf(failure)?.message ?? null };
  }
}

/** Saving the search as a watch, or removing one: done, or the API's words for the refusal. */
export type WatchOutcome = { intent: 'watch' | 'unwatch'; ok: true } | { intent: 'watch' | 'unwatch'; ok: false; message: string | null };

const WATCH_FIELDS = ['category', 'contains', 'endsWith', 'mask', 'date'] as const;

async function watch(form: FormData): Promise<WatchOutcome> {
  const input: WatchInput = {};
  for (const field of WATCH_FIELDS) {
    const value = String(form.get(field) ?? '').trim();
    if (value) (input as Record<string, string>)[field] = value;
  }
  try {
    await saveWatch(input);
    return { intent: 'watch', ok: true };
  } catch (error) {
    return { intent: 'watch', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

async function unwatch(form: FormData): Promise<WatchOutcome> {
  try {
    await removeWatch(String(form.get('id') ?? ''));
    return { intent: 'unwatch', ok: true };
  } catch (error) {
    // Already gone (removed in another tab, expired): what the visitor wanted.
    if (apiErrorCode(error) === 'watch_not_found') return { intent: 'unwatch', ok: true };
    return { intent: 'unwatch', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

/** The numbers page's mutations: choosing or cancelling a number, confirming a phone by SMS, bidding on a lot (plainly or by a maximum) and buying a won one, saving and removing watches (see browserAction). */
export const action = browserAction(async ({ request }) => {
  const form = await request.formData();
  switch (form.get('intent')) {
    case 'bid':
      return bid(form);
    case 'max-bid':
      return maxBid(form);
    case 'remove-max-bid':
      return removeMax(form);
    case 'reserve':
      return reserve(form);
    case 'buy-lot':
      return buyLot(form);
    case 'cancel-reservation':
      return cancel(form);
    case 'watch':
      return watch(form);
    case 'unwatch':
      return unwatch(form);
    case 'sms-send':
    case 'sms-verify':
      return smsStep(form.get('intent') as SmsIntent, Object.fromEntries(form));
    default:
      throw data(null, { status: 400 });
  }
});
