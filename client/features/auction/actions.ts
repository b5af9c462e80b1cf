import type { AuctionLotDetail, PlaceBidResponse } from '../../../shared/api-types';
import type { ErrorCode } from '../../../shared/contract/errors';
import { saveReservation } from '../../../shared/tokens';
import { placeBid, removeMaxBid, reserveLot, setMaxBid, startLotPayment } from '../../api/auctions';
import { apiErrorOf } from '../../api/api-error';

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

/**
 * An amount offered on a lot (a bid, or a maximum): the API's answer, or a refusal with the
 * smallest amount accepted now (the lot's own floor, or the API's), the largest plain bid accepted
 * now (a bid too far above the minimum: more is a maximum's), or the API's words.
 */
export type AmountOutcome<Intent extends string, Result> =
  | { intent: Intent; ok: true; result: Result }
  | { intent: Intent; ok: false; minimumAmount: number | null; maximumAmount?: number; message: string | null };

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
    /** The largest amount accepted (the form's `maximumBid`, rule 9 of the API's bid rules), and the API's code for more. */
    tooHigh?: ErrorCode;
    send: (lotId: string, amount: number) => Promise<Result>;
  },
): Promise<AmountOutcome<Intent, Result>> {
  const lotId = String(form.get('lotId') ?? '');
  const minimum = Number(form.get('minimumBid'));
  const amount = amountOf(String(form.get(how.field) ?? ''), minimum);
  if (!Number.isSafeInteger(amount) || amount < how.lowest(minimum)) return { intent, ok: false, minimumAmount: minimum, message: null };
  const maximum = Number(form.get('maximumBid'));
  if (how.tooHigh && Number.isSafeInteger(maximum) && maximum > 0 && amount > maximum) {
    return { intent, ok: false, minimumAmount: null, maximumAmount: maximum, message: null };
  }
  try {
    return { intent, ok: true, result: await how.send(lotId, amount) };
  } catch (failure) {
    const body = apiErrorOf(failure);
    if (body?.code === how.tooLow && body.minimumAmount) return { intent, ok: false, minimumAmount: body.minimumAmount, message: null };
    if (how.tooHigh && body?.code === how.tooHigh && body.maximumAmount) {
      return { intent, ok: false, minimumAmount: null, maximumAmount: body.maximumAmount, message: null };
    }
    return { intent, ok: false, minimumAmount: null, message: body?.message ?? null };
  }
}

const bid = (form: FormData): Promise<BidOutcome> =>
  offerAmount(form, 'bid', {
    field: 'amount',
    lowest: (minimum) => minimum,
    tooLow: 'bid_too_low',
    tooHigh: 'bid_too_far_above',
    send: placeBid,
  });

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

/** A buy-now or a deposit started: the browser is on its way to the sandbox payment, or the API's refusal. */
export type LotPaymentOutcome = { intent: 'lot-payment'; ok: true } | { intent: 'lot-payment'; ok: false; message: string | null };

/** The sandbox page lives on the API's origin: its URL is relative to the API base, in the page's language. */
function sandboxPageUrl(paymentUrl: string, lang: string): string {
  const url = new URL(paymentUrl, new URL(window.__APP__.config.apiBaseUrl, window.location.href));
  url.searchParams.set('lang', lang);
  return url.toString();
}

/** Buys the lot now or pays its deposit: a full navigation to the payment, which comes back to the lot (`returnPath`). */
async function lotPayment(form: FormData): Promise<LotPaymentOutcome> {
  const kind = form.get('kind') === 'deposit' ? 'deposit' : 'buy-now';
  try {
    const payment = await startLotPayment(String(form.get('lotId') ?? ''), kind, 'card', String(form.get('returnPath') ?? '/'));
    window.location.assign(sandboxPageUrl(payment.paymentUrl, String(form.get('lang') ?? 'ru')));
    return { intent: 'lot-payment', ok: true };
  } catch (error) {
    return { intent: 'lot-payment', ok: false, message: apiErrorOf(error)?.message ?? null };
  }
}

/** The lot's intents: bidding (plainly or by a maximum, which may be removed), buying now, its deposit, and buying a won lot. */
export const auctionIntents = { bid, 'max-bid': maxBid, 'remove-max-bid': removeMax, 'buy-lot': buyLot, 'lot-payment': lotPayment };

/** What the page action answers for these intents: the type of their fetchers (`useFetcher<AuctionAction>()`). */
export type AuctionAction = (typeof auctionIntents)[keyof typeof auctionIntents];
