import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { pushFormSubmission } from '../../platform/analytics/tag-manager';
import type { AuctionAction, AmountOutcome } from './actions';

/**
 * What a lot's two amount forms (a bid, a maximum) share: the page action's outcome for their own
 * intents once the request has ended, the accepted answer handed on once with the field emptied,
 * and a refusal in words (the smallest amount accepted now, the largest plain bid, or the API's own message).
 */
export function useAmountForm<Intent extends string, Result>(
  intents: readonly Intent[],
  onAccepted: (result: Result) => void,
  words: { tooLow: string; failed: string; tooHigh?: string },
) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const fetcher = useFetcher<AuctionAction>();
  const [amount, setAmount] = useState('');
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
    setAmount('');
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
      onSubmit={() => pushFormSubmission(id)}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form.fetcher.Form>
  );
}
