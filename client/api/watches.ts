import type { Watch, WatchInput } from '../../shared/api-types';
import { apiClient } from './api-client';
import { credentialHeaders } from './credentials';

/** `POST /watches`: saves a search as a watch of the confirmed phone (its auth token). */
export async function saveWatch(input: WatchInput): Promise<Watch> {
  const { data } = await apiClient().post<Watch>('/watches', input, credentialHeaders('auth'));
  return data;
}

/** `GET /watches`: the confirmed phone's standing watches. */
export async function listWatches(): Promise<Watch[]> {
  const { data } = await apiClient().get<{ items: Watch[] }>('/watches', credentialHeaders('auth'));
  return data.items;
}

/** `DELETE /watches/{id}`. */
export async function removeWatch(id: string): Promise<void> {
  await apiClient().delete(`/watches/${encodeURIComponent(id)}`, credentialHeaders('auth'));
}
