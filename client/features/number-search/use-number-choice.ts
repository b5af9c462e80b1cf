import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { PhoneNumber } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { formatUzPhone } from '../../../shared/validation';
import { useLanguage } from '../../components/use-language';
import { usePhoneAuth } from '../purchase/PhoneVerification';
import type { HeldReservation } from '../../../shared/tokens';
import type { BookingAction } from '../booking/actions';

export interface ChoiceOutcome {
  number: string;
  tone: 'error' | 'success';
  text: string;
  /** The API books this number only for a phone confirmed by SMS: the card shows the SMS step. */
  phoneRequired: boolean;
  /** Where the visitor settles what stands in the way: the payment of their own unpaid premium order. */
  link: { to: string; text: string } | null;
  /** Or cancelling that order at once (the page's `cancel-order` action): busy while it is asked. */
  cancel: { busy: boolean; run: () => void } | null;
}

/**
 * Choosing a number: reserve it at once (the page's `reserve` action); while another number is
 * held, ask first (replacing releases the held one). A number someone else took meanwhile is
 * marked as taken, and the visitor stays where they are with a message saying so. A number the
 * API books only for a confirmed phone shows why and the SMS step; once the phone is confirmed,
 * the number is booked without a second click. A choice refused for the visitor's unpaid premium
 * order offers to pay or cancel that order; once cancelled, the card says so and the number can be
 * chosen again.
 */
export function useNumberChoice(held: HeldReservation | null, onReserved: () => void) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<BookingAction>();
  const cancelling = useFetcher<BookingAction>();
  const cancelled = cancelling.state === 'idle' && cancelling.data?.intent === 'cancel-order' ? cancelling.data : undefined;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const auth = usePhoneAuth();
  const submitted = fetcher.formData?.get('number');
  const pending = fetcher.state !== 'idle' && typeof submitted === 'string' ? submitted : null;
  const result = fetcher.state === 'idle' && fetcher.data?.intent === 'reserve' ? fetcher.data : undefined;

  // A number found taken stays marked as taken: noted while rendering the answer that says so
  // (React's pattern for state that follows a changed value), not in an effect after it.
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result && !result.ok && result.taken) setTaken(new Set(taken).add(result.number));
  }
  // Moving the focus to the booking is a DOM effect: once per answer.
  const focused = useRef<unknown>(null);
  useEffect(() => {
    if (!result?.ok || focused.current === result) return;
    focused.current = result;
    onReserved();
  }, [result, onReserved]);

  let outcome: ChoiceOutcome | null = null;
  // "Reserved for you" holds only while it is true: once the booking ends (expired, cancelled,
  // replaced in another tab) the card is choosable again and says nothing stale.
  if (result?.ok && held?.number === result.number) {
    const text = result.replaced
      ? t('numbers.choice.replaced', { number: result.formatted, released: formatUzPhone(result.replaced) })
      : t('numbers.choice.reserved', { number: result.formatted });
    outcome = { number: result.number, tone: 'success', text, phoneRequired: false, link: null, cancel: null };
  } else if (result && !result.ok && cancelled?.ok) {
    // The order that stood in the way is cancelled (the next choice resets this): choosing is open again.
    const text = t('numbers.choice.orderCancelled', { number: cancelled.orderNumber });
    outcome = { number: result.number, tone: 'success', text, phoneRequired: false, link: null, cancel: null };
  } else if (result && !result.ok) {
    const text = result.taken
      ? t('numbers.choice.taken', { number: formatUzPhone(result.number) })
      : ((cancelled && !cancelled.ok ? cancelled : result).message ?? t('numbers.choice.failed'));
    // The visitor's own unpaid premium order, named by the API: a link to pay it, and a button to cancel it.
    const unpaid = result.unpaidOrder;
    const link = unpaid
      ? {
          to: href('payment', lang, {}, { order: unpaid.id }),
          text: t('numbers.choice.payUnpaid', { number: formatUzPhone(unpaid.number) }),
        }
      : null;
    const cancel = unpaid
      ? {
          busy: cancelling.state !== 'idle',
          run: () =>
            void cancelling.submit({ intent: 'cancel-order', orderId: unpaid.id }, { method: 'post', defaultShouldRevalidate: false }),
        }
      : null;
    outcome = { number: result.number, tone: 'error', text, phoneRequired: result.phoneRequired, link, cancel };
  }

  function reserve(number: string) {
    setConfirming(null);
    // A new choice answers for itself: an order cancelled before says nothing more.
    if (cancelling.data) cancelling.reset();
    // The list stays as it is: the chosen (or taken) number keeps its message next to it.
    void fetcher.submit({ intent: 'reserve', number }, { method: 'post', defaultShouldRevalidate: false });
  }

  // The phone the API asked for is confirmed: book the number the visitor chose, once.
  const waitingForPhone = outcome?.phoneRequired ? outcome.number : null;
  const retried = useRef<unknown>(null);
  useEffect(() => {
    if (!waitingForPhone || !auth || retried.current === result) return;
    retried.current = result;
    reserve(waitingForPhone);
  });

  function choose(number: PhoneNumber) {
    if (held && held.number !== number.number) {
      fetcher.reset();
      setConfirming(number.number);
      return;
    }
    if (held?.number === number.number) return;
    reserve(number.number);
  }

  return {
    pending,
    confirming,
    taken,
    outcome,
    choose,
    confirmReplace: (number: PhoneNumber) => reserve(number.number),
    cancelSelection: () => setConfirming(null),
  };
}
