import { data } from 'react-router';
import { submitIdentification, type IdentificationRequest } from '../../api/identification';
import { apiErrorOf } from '../../api/api-error';
import { browserAction } from '../../features/purchase/browser-loader';
import { isSmsIntent, smsStep } from '../../features/purchase/sms-step';

/** The identification's two ways as form intents. */
export type IdentifyIntent = 'identify-remote' | 'identify-manual';

/** The form fields of an identification request, with its intent (what useIdentification submits). */
export function identificationForm(request: IdentificationRequest): Record<string, string> {
  if (request.kind === 'remote') return { intent: 'identify-remote', document: request.body.document, birthDate: request.body.birthDate };
  return {
    intent: 'identify-manual',
    pointOfSaleId: request.body.pointOfSaleId,
    ...(request.body.date ? { date: request.body.date } : {}),
  };
}

/** The request a submitted form asks for, or null for an intent that is not an identification. */
export function identificationRequestOf(form: FormData): IdentificationRequest | null {
  const field = (name: string) => String(form.get(name) ?? '');
  switch (form.get('intent')) {
    case 'identify-remote':
      return { kind: 'remote', body: { document: field('document'), birthDate: field('birthDate') } };
    case 'identify-manual':
      return { kind: 'manual', body: { pointOfSaleId: field('pointOfSaleId'), ...(form.has('date') ? { date: field('date') } : {}) } };
    default:
      return null;
  }
}

async function identify(request: IdentificationRequest) {
  try {
    return { intent: 'identify' as const, ok: true as const, identification: await submitIdentification(request) };
  } catch (error) {
    return { intent: 'identify' as const, ok: false as const, failure: apiErrorOf(error) };
  }
}

/** The identification page's mutations: confirming the phone by SMS, then sending the identification (see browserAction). */
export const action = browserAction(async ({ request }) => {
  const form = await request.formData();
  const intent = form.get('intent');
  if (isSmsIntent(intent)) return smsStep(intent, Object.fromEntries(form));
  const identification = identificationRequestOf(form);
  if (identification) return identify(identification);
  throw data(null, { status: 400 });
});

export type IdentificationOutcome = Awaited<ReturnType<typeof identify>>;
