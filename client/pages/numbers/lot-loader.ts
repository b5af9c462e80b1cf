import type { LoaderFunctionArgs } from 'react-router';
import { failureStatus } from '../../../shared/api-failure';
import { fetchAuctionLot, type ShownLotDetail } from '../../api/auctions';
import { optionalData } from '../../framework/deferred';

const LOT_ID = /^[a-z0-9-]{1,40}$/i;

/** The lot, or null when there is no such lot (an unknown or malformed id). */
async function findLot(context: LoaderFunctionArgs['context'], lotId: string): Promise<ShownLotDetail | null> {
  if (!LOT_ID.test(lotId)) return null;
  try {
    return await fetchAuctionLot(context, lotId);
  } catch (error) {
    if (failureStatus(error) === 404) return null;
    throw error;
  }
}

/** /numbers?lot=<id>: the lot, an optional part (its failure is its error state, with Retry). */
export async function lotLoader({ request, context }: LoaderFunctionArgs) {
  const lotId = new URL(request.url).searchParams.get('lot') ?? '';
  return { kind: 'lot' as const, lotId, ...(await optionalData(context, { lot: findLot(context, lotId) })) };
}

export type LotData = Awaited<ReturnType<typeof lotLoader>>;
