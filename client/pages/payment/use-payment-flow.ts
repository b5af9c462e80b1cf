import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Order } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { currentIdentification } from '../../api/identification';
import { checkOrderStatus, fetchOrder } from '../../api/orders';
import { currentReservation } from '../../api/reservations';
import { useLanguage } from '../../components/use-language';
import { apiErrorCode } from '../../features/purchase/api-error';
import { readDraft } from '../../features/purchase/purchase-draft';
import { readAuth, readOrderAccess, readReservation, subscribeTokens } from '../../features/purchase/token-store';
import type { SummaryLines } from './OrderSummary';
import { linesBeforeOrder, linesOfOrder, type Catalogue } from './summary-lines';

export type PaymentView =
  | { mode: 'loading' }
  | { mode: 'selectNumber' }
  | { mode: 'register' }
  | { mode: 'chooseOptions' }
  | { mode: 'draft'; lines: SummaryLines }
  | { mode: 'order'; order: Order; lines: SummaryLines; notActivated: boolean }
  | { mode: 'expired'; message: string }
  | { mode: 'failed' };

/** Whose turn it is on /payment, decided from the visitor's tokens and the server, after hydration. */
export function usePaymentFlow(catalogue: Catalogue, hydrated: boolean) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [view, setView] = useState<PaymentView>({ mode: 'loading' });
  const [tokensVersion, setTokensVersion] = useState(0);
  const query = new URLSearchParams(search);
  const returnedOrder = query.get('order');

  // Another tab may reserve, cancel or confirm the phone meanwhile: decide again then.
  useEffect(() => subscribeTokens(() => setTokensVersion((v) => v + 1)), []);

  /** "I've already paid": activated goes to /success; unpaid says so, with Try Again. */
  const checkPaid = useCallback(
    async (orderId: string): Promise<PaymentView> => {
      const status = await checkOrderStatus(orderId);
      if (status.result === 'activated') {
        navigate(href('success', lang, {}, { order: orderId }), { replace: true });
        return { mode: 'loading' };
      }
      if (status.result === 'expired') return { mode: 'expired', message: status.message };
      const order = await fetchOrder(orderId);
      return { mode: 'order', order, lines: linesOfOrder(order, catalogue), notActivated: true };
    },
    [catalogue, lang, navigate],
  );

  const decide = useCallback(async (): Promise<PaymentView> => {
    if (returnedOrder) return checkPaid(returnedOrder);
    const reservation = readReservation();
    if (reservation && reservation.expiresAtMs > Date.now()) {
      if (!readAuth()) return { mode: 'register' };
      const registration = await currentIdentification().catch(() => null);
      if (registration?.status !== 'verified' && registration?.status !== 'appointment') return { mode: 'register' };
      const held = await currentReservation();
      const access = readOrderAccess();
      if (held.status === 'ordered' && held.orderId && access?.orderId === held.orderId) {
        const order = await fetchOrder(held.orderId);
        return { mode: 'order', order, lines: linesOfOrder(order, catalogue), notActivated: false };
      }
      const lines = linesBeforeOrder(held, readDraft(), new URLSearchParams(search), catalogue);
      return lines ? { mode: 'draft', lines } : { mode: 'chooseOptions' };
    }
    const access = readOrderAccess();
    if (access) {
      const order = await fetchOrder(access.orderId).catch(() => null);
      if (order?.status === 'created') return { mode: 'order', order, lines: linesOfOrder(order, catalogue), notActivated: false };
    }
    return { mode: 'selectNumber' };
  }, [catalogue, checkPaid, returnedOrder, search]);

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    decide()
      .then((next) => live && setView(next))
      .catch((error: unknown) => {
        if (!live) return;
        // The shared client has shown the API's words; here the page says what to do next.
        const code = apiErrorCode(error);
        const noBooking = code === 'reservation_expired' || code === 'reservation_not_found' || code === 'number_required';
        setView(noBooking ? { mode: 'selectNumber' } : { mode: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [decide, hydrated, tokensVersion]);

  return { view, setView, checkPaid };
}
