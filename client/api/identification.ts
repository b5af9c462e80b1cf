import type { Identification, ManualIdentificationRequest, RemoteIdentificationRequest } from '../../shared/api-types';
import { apiClient } from './api-client';
import { readAuth } from '../../shared/tokens';
import { credentialHeaders } from './credentials';

/** The confirmed phone's latest identification, or null when the visitor has no phone confirmed. */
export async function currentIdentification(): Promise<Identification | null> {
  if (!readAuth()) return null;
  const { data } = await apiClient().get<Identification>('/identification/current', credentialHeaders('auth'));
  return data;
}

export type IdentificationRequest =
  { kind: 'remote'; body: RemoteIdentificationRequest } | { kind: 'manual'; body: ManualIdentificationRequest };

export async function submitIdentification(request: IdentificationRequest): Promise<Identification> {
  const path = request.kind === 'remote' ? '/identification/remote' : '/identification/manual';
  const { data } = await apiClient().post<Identification>(path, request.body, credentialHeaders('auth'));
  return data;
}
