import type { Watch, WatchInput } from '../../shared/api-types';
import { send } from './writer';

/** `POST /watches`: saves a search as a watch of the confirmed phone (its auth token). */
export function saveWatch(input: WatchInput): Promise<Watch> {
  return send('saveWatch', { body: input });
}

/** `GET /watches`: the confirmed phone's standing watches. */
export async function listWatches(): Promise<Watch[]> {
  return (await send('listWatches')).items;
}

/** `DELETE /watches/{id}`. */
export async function removeWatch(id: string): Promise<void> {
  await send('removeWatch', { param: id });
}
