import type { Params } from 'react-router-dom';
import { prefetchAdvertiserPage } from '@/features/advertisers/api/advertiser-prefetch';
import { prefetchCampaignsDashboard } from '@/features/campaigns/api/dashboard-prefetch';
import { campaignsDashboard } from '../feature-slots';
import type { PreloadedRoute } from './preloaded-routes';

/** What a route's preload gets: its path parameters and its URL (for the query string). */
export interface RoutePreloadArgs {
  readonly params: Params;
  readonly url: URL;
}

/**
 * What each preloaded route starts while its page's code loads (see `preloaded-routes.ts`): the code the
 * page will render at once, and the reads its screens will make, through their features' `api/`.
 */
export const routePreloads: Record<PreloadedRoute, (args: RoutePreloadArgs) => void> = {
  advertiser: ({ params, url }) => {
    const id = params['id'] ?? '';
    void campaignsDashboard.preload().catch((error: unknown) => {
      // The page loads it again when it renders, and shows that failure.
      console.warn('The campaigns dashboard could not be preloaded.', error);
    });
    prefetchAdvertiserPage(id, url.searchParams);
    void prefetchCampaignsDashboard(id, url.searchParams);
  },
};
