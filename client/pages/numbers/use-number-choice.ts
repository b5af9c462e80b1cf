import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneNumber } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import { apiErrorCode, apiErrorOf } from '../../features/purchase/api-error';
import { reserveNumber } from '../../api/reservations';
import type { HeldReservation } from '../../features/purchase/token-store';

export interface ChoiceOutcome {
  number: string;
  tone: 'error' | 'success';
  text: string;
}

/**
 * Choosing a number: reserve it at once; while another number is held, ask first (replacing
 * releases the held one). A number someone else took meanwhile is marked as taken, and the
 * visitor stays where they are with a message saying so.
 */
export function useNumberChoice(held: HeldReservation | null, onReserved: () => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<ChoiceOutcome | null>(null);

  async function reserve(number: PhoneNumber) {
    setConfirming(null);
    setPending(number.number);
    setOutcome(null);
    try {
      const result = await reserveNumber(number.number);
      setOutcome({
        number: number.number,
        tone: 'success',
        text: result.replaced
          ? t('numbers.choice.replaced', { number: result.reservation.formatted, released: formatUzPhone(result.replaced) })
          : t('numbers.choice.reserved', { number: result.reservation.formatted }),
      });
      onReserved();
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'number_unavailable' || code === 'number_not_found') {
        setTaken((previous) => new Set(previous).add(number.number));
        setOutcome({ number: number.number, tone: 'error', text: t('numbers.choice.taken', { number: number.formatted }) });
      } else {
        setOutcome({ number: number.number, tone: 'error', text: apiErrorOf(error)?.message ?? t('numbers.choice.failed') });
      }
    } finally {
      setPending(null);
    }
  }

  function choose(number: PhoneNumber) {
    if (held && held.number !== number.number) {
      setOutcome(null);
      setConfirming(number.number);
      return;
    }
    if (held?.number === number.number) return;
    void reserve(number);
  }

  return {
    pending,
    confirming,
    taken,
    outcome,
    choose,
    confirmReplace: (number: PhoneNumber) => void reserve(number),
    cancelSelection: () => setConfirming(null),
  };
}
