import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { PageIntro } from '../../components/PageIntro';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { useBooking } from '../../features/booking/use-booking';
import * as lotRoute from './lot-route';
import * as searchRoute from './search-route';

/**
 * /numbers is two pages under one URL: the number search, and an auction lot when the query
 * names one (`?lot=<id>`). Each is its own module with its own loader and component
 * (search/search-route.tsx, auction/lot-route.tsx); this route picks one and gives both the
 * page's frame.
 */
export async function loader(args: LoaderFunctionArgs) {
  return new URL(args.request.url).searchParams.has('lot') ? lotRoute.loader(args) : searchRoute.loader(args);
}

export { action } from './actions';

export function Component() {
  const data = useLoaderData<typeof loader>();
  const booking = useBooking();
  return (
    <div className="container page page--numbers purchase">
      <PageIntro page="numbers" canonicalQuery={data.kind === 'lot' ? lotRoute.canonicalQuery(data) : searchRoute.canonicalQuery(data)} />
      <PurchaseSteps current="number" />
      {data.kind === 'lot' ? <lotRoute.LotPage data={data} /> : <searchRoute.SearchPage data={data} booking={booking} />}
    </div>
  );
}
