import { data } from 'react-router';
import { browserAction } from '../../features/purchase/browser-loader';
import { smsStep } from '../../features/purchase/sms-step';
import { auctionIntents } from '../../features/auction/actions';
import { bookingIntents } from '../../features/booking/actions';
import { watchIntents } from '../../features/watches/actions';

export type { AmountOutcome, BidOutcome, BuyLotOutcome, MaxBidOutcome } from '../../features/auction/actions';
export type { CancelOrderOutcome, CancelOutcome, ReserveOutcome } from '../../features/booking/actions';
export type { WatchOutcome } from '../../features/watches/actions';

/** Each intent's feature: the page's forms post an `intent`, and its feature's actions.ts answers it. */
const INTENTS = {
  ...bookingIntents,
  ...auctionIntents,
  ...watchIntents,
  // Confirming a phone by SMS (features/purchase): a choice, a lot and a watch may each need it.
  'sms-send': (form: FormData) => smsStep('sms-send', Object.fromEntries(form)),
  'sms-verify': (form: FormData) => smsStep('sms-verify', Object.fromEntries(form)),
};

const isIntent = (intent: unknown): intent is keyof typeof INTENTS =>
  typeof intent === 'string' && Object.prototype.hasOwnProperty.call(INTENTS, intent);

/** The numbers page's mutations: choosing or cancelling a number, confirming a phone by SMS, bidding on a lot (plainly or by a maximum) and buying a won one, saving and removing watches (see browserAction). */
export const action = browserAction(async ({ request }) => {
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isIntent(intent)) throw data(null, { status: 400 });
  return INTENTS[intent](form);
});
