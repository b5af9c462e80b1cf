import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import type { Identification } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { currentIdentification, type IdentificationRequest } from '../../api/identification';
import { useLanguage } from '../../components/use-language';
import { specMessageKey } from '../../api/api-error';
import { carriedQuery, forgetIdentity } from '../../features/purchase/purchase-draft';
import { identificationForm, type action } from './actions';

export type ApiFieldErrors = Partial<Record<'document' | 'birthDate' | 'point' | 'date', string>>;

const FIELD_OF: Record<string, keyof ApiFieldErrors> = {
  document: 'document',
  birthDate: 'birthDate',
  pointOfSaleId: 'point',
  date: 'date',
};

/**
 * Sending the identification (the page's action, through a fetcher) and following its outcome:
 * verified goes on to payment, rejected to the retry page with the reason, pending is asked
 * again when the API says, an appointment is shown. The API's refusals land next to the field
 * they name, for as long as that field still holds the value refused: `current` is the body the
 * form would send now, and a field changed since goes back to the form's own checks.
 */
export function useIdentification(current: Record<string, string | undefined> = {}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const fetcher = useFetcher<typeof action>();
  const [checkFailed, setCheckFailed] = useState(false);
  const [result, setResult] = useState<Identification | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const carried = carriedQuery(new URLSearchParams(search));
  const busy = fetcher.state !== 'idle';
  // The body last sent, which the API's refusal of a field is about.
  const [sentBody, setSentBody] = useState<Record<string, string | undefined>>({});
  const sent = busy || fetcher.data?.intent !== 'identify' ? undefined : fetcher.data;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const followed = useRef<unknown>(null);
  useEffect(() => {
    if (!sent?.ok || followed.current === sent) return;
    followed.current = sent;
    const follow = (identification: Identification) => {
      setResult(identification);
      if (identification.status === 'verified') {
        forgetIdentity();
        navigate(href('payment', lang, {}, carried));
      } else if (identification.status === 'rejected') {
        navigate(href('identificationRetry', lang, {}, { ...carried, reason: identification.reason ?? undefined }));
      } else if (identification.status === 'pending') {
        const wait = Math.max(1, identification.retryAfterSeconds ?? 10) * 1000;
        timer.current = setTimeout(() => {
          currentIdentification().then(
            (latest) => (latest ? follow(latest) : setCheckFailed(true)),
            () => setCheckFailed(true),
          );
        }, wait);
      } else {
        forgetIdentity();
      }
    };
    follow(sent.identification);
  }, [sent, navigate, lang, carried]);

  const failure = sent && !sent.ok ? sent.failure : null;
  const field = failure?.field ? FIELD_OF[failure.field] : undefined;
  const stillRefused = failure?.field !== undefined && current[failure.field] === sentBody[failure.field];
  const apiErrors: ApiFieldErrors = failure && field && stillRefused ? { [field]: failure.message } : {};
  let formError: string | null = null;
  if (sent && !sent.ok && !field) {
    const key = specMessageKey(failure?.code ?? null);
    formError = key ? t(key) : (failure?.message ?? t('identification.sendFailed'));
  } else if (checkFailed && !busy) formError = t('identification.checkFailed');

  function send(request: IdentificationRequest) {
    setCheckFailed(false);
    setSentBody({ ...request.body });
    void fetcher.submit(identificationForm(request), { method: 'post', defaultShouldRevalidate: false });
  }

  return { busy, apiErrors, formError, result, send, carried };
}
