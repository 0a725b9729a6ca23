import type { Params } from 'react-router-dom';
import { getAdvertiserPageFirstScreen } from '@bidgrid/shared/advertisers/advertiser-page.operations';
import { advertiserToRead } from '@/features/advertisers/advertiser-page-reads';
import { advertiserPageAnswers, prefetchAdvertiserPage } from '@/features/advertisers/api/advertiser-prefetch';
import {
  campaignsDashboardParts,
  dashboardFirstScreenQuery,
  campaignsDashboardAnswers,
} from '@/features/campaigns/api/dashboard-seed';
import { loadAnswerKeeper, prefetchOperation, type KeptAnswer } from '@/lib/api/prefetch';
import { campaignsDashboard } from '../feature-slots';
import type { PreloadedRoute } from './preloaded-routes';

/** What a route's preload gets: its path parameters and its URL (for the query string). */
export interface RoutePreloadArgs {
  readonly params: Params;
  readonly url: URL;
}

/**
 * The advertiser page's first screen in one read (`getAdvertiserPageFirstScreen`): its parts go into the
 * data cache the moment the reply is in (the page's and the dashboard's hooks show them on their first
 * render), and the campaigns' read, when already asked, waits for the reply instead of going out on its
 * own. The page waits for one round trip, not for the chain campaigns, then ad groups, then creatives. The advertiser page and the dashboard are two features, so
 * the app puts the read together, each feature keeping its own parts with its own inputs.
 */
async function preloadAdvertiserPage(id: string, search: URLSearchParams): Promise<void> {
  const advertiserId = advertiserToRead(id, search);
  const query = dashboardFirstScreenQuery(search);
  if (!advertiserId || !query) return;
  // The advertiser alone too: a quick read, so the page's upper half shows while the first screen is made.
  prefetchAdvertiserPage(advertiserId);
  let keep: ((answers: readonly KeptAnswer[]) => void) | null = null;
  let keeper: Promise<(answers: readonly KeptAnswer[]) => void> | null = null;
  const read = prefetchOperation(
    getAdvertiserPageFirstScreen,
    { params: { id: advertiserId }, query },
    {
      parts: campaignsDashboardParts(advertiserId, query.timeFrame),
      onReply: (screen) => {
        const answers = [
          ...advertiserPageAnswers(screen.advertiser),
          ...campaignsDashboardAnswers(advertiserId, query.timeFrame, screen),
        ];
        if (keep) keep(answers);
        else
          void keeper?.then(
            (loaded) => loaded(answers),
            () => undefined,
          );
      },
    },
  );
  // The data cache's code loads while the read is on its way (after it: starting a load takes a few ms),
  // to keep the reply's parts the moment it is in.
  keeper = loadAnswerKeeper();
  keeper.then(
    (loaded) => (keep = loaded),
    (error: unknown) => console.warn('The data cache could not be loaded.', error),
  );
  await read;
}

/**
 * What each preloaded route starts while its page's code loads (see `preloaded-routes.ts`): the code the
 * page will render at once, and the reads its screens will make.
 */
export const routePreloads: Record<PreloadedRoute, (args: RoutePreloadArgs) => void> = {
  advertiser: ({ params, url }) => {
    // The read first: starting the code's load adds a tag per module to the page (a few ms).
    void preloadAdvertiserPage(params['id'] ?? '', url.searchParams);
    void campaignsDashboard.preload().catch((error: unknown) => {
      // The page loads it again when it renders, and shows that failure.
      console.warn('The campaigns dashboard could not be preloaded.', error);
    });
  },
};
