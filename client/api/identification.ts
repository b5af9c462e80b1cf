import type { Identification, ManualIdentificationRequest, RemoteIdentificationRequest } from '../../shared/api-types';
import { readAuth } from '../../shared/tokens';
import { send } from './writer';

/** The confirmed phone's latest identification, or null when the visitor has no phone confirmed. */
export async function currentIdentification(): Promise<Identification | null> {
  if (!readAuth()) return null;
  return send('getIdentification');
}

export type IdentificationRequest =
  { kind: 'remote'; body: RemoteIdentificationRequest } | { kind: 'manual'; body: ManualIdentificationRequest };

export function submitIdentification(request: IdentificationRequest): Promise<Identification> {
  return request.kind === 'remote' ? send('identifyRemotely', { body: request.body }) : send('bookIdentification', { body: request.body });
}
