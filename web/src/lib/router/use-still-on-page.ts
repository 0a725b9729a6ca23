import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

/**
 * For work that ends after data arrived and then changes the URL by itself (an effect that puts a
 * default into the query): returns a check that is true only while the router is still at the
 * location this component rendered and no navigation is under way.
 *
 * Why: React Router renders a navigation in a transition, so a page the user has just left can still
 * commit a data update and run its effects; a relative navigation from it (`setSearchParams`) then
 * resolves against the next page (`/invoices?advertiser=...` became `/invoices?campaignId=...`), or,
 * while the next page's route module is still loading, replaces that navigation altogether. The live
 * router state is exposed only as `UNSAFE_DataRouterContext`: this hook is the one place that reads it.
 * Outside a data router it always answers true.
 */
export function useStillOnPage(): () => boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { key } = useLocation();
  return useCallback(
    () => !router || (router.state.location.key === key && router.state.navigation.state === 'idle'),
    [router, key],
  );
}
