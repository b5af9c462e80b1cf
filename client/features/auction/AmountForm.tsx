import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { useLanguage } from '../../components/use-language';
import type { ShownLot } from '../../api/auctions';
import { formatNumber, formatUzs } from '../../format';
import type { Language } from '../../../shared/languages';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { AuctionAction, AmountOutcome } from './actions';

/** An amount is shown back for review above the lot's `rules.confirmAbove`, or above this many times its current price. */
const REVIEW_TIMES_PRICE = 3;

/** `3.5`, `3,5`, `10`: a ratio to one decimal, with the language's decimal sign. */
function formatTimes(ratio: number, lang: Language): string {
  const tenths = Math.round(ratio * 10);
  const whole = formatNumber(Math.floor(tenths / 10), lang);
  return tenths % 10 === 0 ? whole : `${whole}${lang === 'en' ? '.' : ','}${tenths % 10}`;
}

/**
 * What a lot's two amount forms (a bid, a maximum) share: the page action's outcome for their own
 * intents once the request has ended, the accepted answer handed on once with the field emptied,
 * a refusal in words (the smallest amount accepted now, the largest plain bid, or the API's own
 * message), and the review of a large amount: above the sum the API names (`rules.confirmAbove`)
 * or three times the current price, the amount is shown back once for a confirming tap.
 */
export function useAmountForm<Intent extends string, Result>(
  intents: readonly Intent[],
  onAccepted: (result: Result) => void,
  words: { tooLow: string; failed: string; tooHigh?: string },
  lot: ShownLot,
) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<AuctionAction>();
  // The digits typed (AmountInput shows them grouped), and the amount shown back for review, if any.
  const [amount, setTyped] = useState('');
  const [reviewing, setReviewing] = useState<number | null>(null);
  const price = lot.currentBid ?? lot.startPrice;
  /** A new amount typed: any review of the former one is over (stable: the bid form's effect depends on it). */
  const setAmount = useCallback((change: string | ((typed: string) => string)) => {
    setTyped(change);
    setReviewing(null);
  }, []);
  /** What the form sends: the typed amount, or the lot's minimum when the field is empty (as the page's action reads it). */
  const sent = amount === '' ? lot.minimumBid : Number(amount);
  const busy = fetcher.state !== 'idle';
  const data = fetcher.data;
  // The page's other forms share its action: only these intents' answers are this form's.
  const outcome =
    !busy && data !== undefined && (intents as readonly string[]).includes(data.intent)
      ? (data as AmountOutcome<Intent, Result>)
      : undefined;

  // The accepted answer joins the lot at once (the stream may say it a moment later) and the field empties.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!outcome?.ok || handled.current === outcome) return;
    handled.current = outcome;
    onAccepted(outcome.result);
    setTyped('');
  }, [outcome, onAccepted]);

  const error =
    outcome && !outcome.ok
      ? outcome.minimumAmount !== null
        ? t(words.tooLow, { amount: formatUzs(outcome.minimumAmount, lang) })
        : outcome.maximumAmount !== undefined && words.tooHigh
          ? t(words.tooHigh, { amount: formatUzs(outcome.maximumAmount, lang) })
          : (outcome.message ?? t(words.failed))
      : null;

  return {
    fetcher,
    busy,
    outcome,
    amount,
    setAmount,
    error,
    sent,
    reviewing,
    /** The review's figures: the amount and how many times the current price it is. */
    reviewed: reviewing === null ? null : { amount: formatUzs(reviewing, lang), times: formatTimes(reviewing / price, lang) },
    /** Whether `value` is shown back for a confirming tap before it is sent. */
    needsReview: (value: number) => value > lot.rules.confirmAbove || value > REVIEW_TIMES_PRICE * price,
    review: (value: number | null) => setReviewing(value),
    /** Sends other fields than the form's own (a one-button bid, a removal) through the same action. */
    submit: (fields: Record<string, string>) => void fetcher.submit(fields, { method: 'post', defaultShouldRevalidate: false }),
  };
}

/**
 * The form element of either: posted to the page's action without revalidating the page (the lot
 * follows its own stream and refresh: a revalidation would fetch it again for nothing), with its
 * fields hidden and its submission counted by the analytics.
 */
export function AmountFormElement({
  form,
  id,
  className,
  fields,
  children,
}: {
  form: ReturnType<typeof useAmountForm>;
  id: string;
  className: string;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <form.fetcher.Form
      id={id}
      method="post"
      defaultShouldRevalidate={false}
      className={className}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        // A large amount goes only once the visitor has seen it again and confirmed that very amount.
        if (form.needsReview(form.sent) && form.reviewing !== form.sent) {
          event.preventDefault();
          form.review(form.sent);
          return;
        }
        form.review(null);
        pushFormSubmission(id);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form.fetcher.Form>
  );
}

/**
 * The review of a large amount, in place of the form's own button: the amount said again with how
 * many times the current price it is, confirmed (the form is sent with it) or changed (back to the
 * field, with nothing sent). The confirming button takes the focus, the question as its description.
 */
export function AmountReview({
  form,
  question,
  confirm,
  fieldId,
  mainAction = false,
}: {
  form: ReturnType<typeof useAmountForm>;
  question: string;
  confirm: string;
  fieldId: string;
  mainAction?: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => button.current?.focus(), []);
  const questionId = `${fieldId}-review`;
  return (
    <div className="amount-review notice notice--warning">
      <p id={questionId}>{question}</p>
      <p className="button-row">
        <button
          ref={button}
          type="submit"
          className="button button--primary"
          aria-describedby={questionId}
          disabled={form.busy}
          {...(mainAction ? { 'data-main-action': true } : {})}
        >
          {confirm}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            form.review(null);
            document.getElementById(fieldId)?.focus();
          }}
        >
          {t('auction.review.edit')}
        </button>
      </p>
    </div>
  );
}
