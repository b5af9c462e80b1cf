import type { LoaderFunctionArgs } from 'react-router';
import type { Watch } from '../../../shared/api-types';
import { readAuth } from '../../../shared/tokens';
import { listWatches } from '../../api/watches';
import { requestOf } from '../../framework/request-context';
import { notFoundLoader } from '../../framework/not-found';

/**
 * The confirmed phone's watches, read by WatchesSection through a fetcher. A page nobody visits:
 * the server answers it 404 (it has no tokens to read it with). null without a confirmed phone,
 * or when the list could not be read (the shared client has told the visitor).
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<Watch[] | null> {
  if (requestOf(context).side === 'server') notFoundLoader({ request });
  if (!readAuth()) return null;
  try {
    return await listWatches();
  } catch {
    return null;
  }
}
