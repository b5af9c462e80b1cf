import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Identification } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { currentIdentification, submitIdentification, type IdentificationRequest } from '../../api/identification';
import { useLanguage } from '../../components/use-language';
import { apiErrorOf, specMessageKey } from '../../features/purchase/api-error';
import { carriedQuery, forgetIdentity } from '../../features/purchase/purchase-draft';

export type ApiFieldErrors = Partial<Record<'document' | 'birthDate' | 'point' | 'date', string>>;

const FIELD_OF: Record<string, keyof ApiFieldErrors> = { document: 'document', birthDate: 'birthDate', pointOfSaleId: 'point', date: 'date' };

/**
 * Sending the identification and following its outcome: verified goes on to payment, rejected
 * to the retry page with the reason, pending is asked again when the API says, an appointment
 * is shown. The API's refusals land next to the field they name.
 */
export function useIdentification() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [apiErrors, setApiErrors] = useState<ApiFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<Identification | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const carried = carriedQuery(new URLSearchParams(search));

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function follow(identification: Identification) {
    setResult(identification);
    if (identification.status === 'verified') {
      forgetIdentity();
      navigate(href('payment', lang, {}, carried));
    } else if (identification.status === 'rejected') {
      navigate(href('identificationRetry', lang, {}, { ...carried, reason: identification.reason ?? undefined }));
    } else if (identification.status === 'pending') {
      const wait = Math.max(1, identification.retryAfterSeconds ?? 10) * 1000;
      timer.current = setTimeout(() => {
        currentIdentification()
          .then((latest) => (latest ? follow(latest) : setFormError(t('identification.checkFailed'))))
          .catch(() => setFormError(t('identification.checkFailed')));
      }, wait);
    } else {
      forgetIdentity();
    }
  }

  async function send(request: IdentificationRequest) {
    setBusy(true);
    setApiErrors({});
    setFormError(null);
    try {
      follow(await submitIdentification(request));
    } catch (error) {
      const failure = apiErrorOf(error);
      const field = failure?.field ? FIELD_OF[failure.field] : undefined;
      if (failure && field) setApiErrors({ [field]: failure.message });
      else {
        const key = specMessageKey(failure?.code ?? null);
        setFormError(key ? t(key) : (failure?.message ?? t('identification.sendFailed')));
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, apiErrors, formError, result, send, carried };
}
