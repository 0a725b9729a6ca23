import type { Params } from 'react-router-dom';
import { getAdvertiserPageFirstScreen } from '@bidgrid/shared/api/operations/advertiser-page.operations';
import { advertiserToRead } from '@/features/advertisers/advertiser-page-reads';
import { advertiserPageParts } from '@/features/advertisers/api/advertiser-prefetch';
import {
  campaignsDashboardParts,
  dashboardFirstScreenQuery,
  seedCampaignsDashboard,
} from '@/features/campaigns/api/dashboard-seed';
import { prefetchOperation } from '@/lib/api/prefetch';
import { campaignsDashboard } from '../feature-slots';
import type { PreloadedRoute } from './preloaded-routes';

/** What a route's preload gets: its path parameters and its URL (for the query string). */
export interface RoutePreloadArgs {
  readonly params: Params;
  readonly url: URL;
}

/**
 * The advertiser page's first screen in one read (`getAdvertiserPageFirstScreen`), its parts kept for the
 * page's and the campaigns dashboard's own hooks (those whose inputs are known now wait for the reply;
 * the shown campaign's are kept once it names them): the page waits for one round trip, not for the
 * chain campaigns, then ad groups, then creatives. The advertiser page and the dashboard are two features, so
 * the app puts the read together, each feature keeping its own parts with its own inputs.
 */
async function preloadAdvertiserPage(id: string, search: URLSearchParams): Promise<void> {
  const advertiserId = advertiserToRead(id, search);
  const query = dashboardFirstScreenQuery(search);
  if (!advertiserId || !query) return;
  const screen = await prefetchOperation(getAdvertiserPageFirstScreen, { params: { id: advertiserId }, query }, [
    ...advertiserPageParts(advertiserId),
    ...campaignsDashboardParts(advertiserId, query.timeFrame),
  ]);
  if (screen) await seedCampaignsDashboard(query.timeFrame, screen.payload);
}

/**
 * What each preloaded route starts while its page's code loads (see `preloaded-routes.ts`): the code the
 * page will render at once, and the reads its screens will make.
 */
export const routePreloads: Record<PreloadedRoute, (args: RoutePreloadArgs) => void> = {
  advertiser: ({ params, url }) => {
    void campaignsDashboard.preload().catch((error: unknown) => {
      // The page loads it again when it renders, and shows that failure.
      console.warn('The campaigns dashboard could not be preloaded.', error);
    });
    void preloadAdvertiserPage(params['id'] ?? '', url.searchParams);
  },
};
